"""The asyncio Iggy client: one connection, one request in flight, every command of Iggy 0.9 and 0.8.

Requests are encoded and responses decoded by `iggy.protocol` (no second codec here), in the protocol the
connection speaks (`ClientConfig.protocol`, the connection string's `protocol=0.9|0.8`). This module adds the
session: connect with retries, automatic login (0.9: Register, a new client id each time), reconnect + re-login
after a lost connection, a background heartbeat, 0.9's client-side partitioning, and the Python-friendly argument
conventions (int | str identifiers, None for missing objects, exceptions carrying the Iggy code).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import OrderedDict
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, TypeVar

import xxhash

from ._version import CLIENT_NAME, __version__
from .connection import ClientConfig, Connection, protocol_name
from .options import OptionValue, encode_options, option_scope
from .transports import open_connection
from .errors import (
    ClientClosedError,
    ConnectionLostError,
    EvictedError,
    IggyError,
    NotConnectedError,
    ProtocolMismatchError,
    RequestTimeoutError,
    error_for,
    fill_from_request,
    from_protocol_error,
)
from .protocol import requests as rq
from .protocol import responses as rs
from .protocol.codes import (
    COMMANDS_BY_VERSION,
    PROTOCOL_VERSION_0_9,
    REPLAY_SAFE_COMMANDS,
    AckLevel,
    Command,
    ErrorCode,
    EvictionReason,
    OptionScope,
    PartitioningKind,
    ProtocolVersion,
    SnapshotCompression,
    SnapshotType,
)
from .protocol.errors import ProtocolError
from .protocol.kinds import CompressionAlgorithm, UserStatus
from .protocol.messages import Message, PolledMessages, encode_send_batch_parts, encode_send_messages_parts
from .protocol.primitives import Consumer, Identifier, IdentifierLike, Partitioning, Permissions, PollingStrategy
from .protocol.responses import COUNT_PREFIXED_RESPONSES
from .vsr import SDK_NAME, is_replicated

log = logging.getLogger("iggy.client")

M = TypeVar("M")

V0_8 = ProtocolVersion.V0_8
V0_9 = ProtocolVersion.V0_9
# Evictions after which the client connects and registers again (the session ended under it); the login
# evictions (wrong credentials, token, inactive user, incompatible protocol) are final.
_RECONNECT_AFTER = frozenset({
    EvictionReason.NO_SESSION, EvictionReason.SESSION_TOO_LOW, EvictionReason.SESSION_RELEASE_MISMATCH,
    EvictionReason.STALE_CLIENT, EvictionReason.SESSION_ERROR,
})
# 0.9 producers pick a partition on the client from the topic's partition count, read with GetTopic and kept this
# long (a topic that grows is seen within it), for at most this many topics.
TOPIC_CACHE_TTL_S = 5.0
TOPIC_CACHE_MAX_ENTRIES = 1024
# The 0.9 option keys of a topic's typed settings (the catalog's names; protocol-spec/spec/options.toml).
_COMPRESSION_KEY = "compression_algorithm"
_EXPIRY_KEY = "message_expiry"
_MAX_SIZE_KEY = "max_topic_size"
# What the official 0.9 clients send on every CreateTopic (digest §4.2), unless the caller sets them.
_OFFICIAL_CREATE_DEFAULTS = {"durability": "replicated", "consumer_offset_durability": "replicated"}

def _send_error(
    error: IggyError, stream: IdentifierLike, topic: IdentifierLike, partitioning: Partitioning
) -> IggyError:
    """SendMessages' error with its stream, topic and partition named (its frame is encoded without a request
    object, so the fields are given here by their spec names)."""
    fields = {"stream_id": Identifier.parse(stream), "topic_id": Identifier.parse(topic),
              "partitioning": partitioning}
    return fill_from_request(error, Command.SEND_MESSAGES, fields.get)


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
    It speaks Iggy 0.9 unless the configuration says `protocol=0.8` (`client.protocol`).
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
        self._version: ProtocolVersion = config.protocol
        self._commands = COMMANDS_BY_VERSION[config.protocol]
        self._connection: Connection | None = None
        self._lock = asyncio.Lock()
        self._auth: tuple[str, ...] | None = None
        self._connected_once = False
        self._closed = False
        self._heartbeat_task: asyncio.Task | None = None
        self.user_id: int | None = None
        # 0.9 client-side partitioning: (stream, topic) → (partitions_count, read at), and the balanced cursors.
        self._partition_counts: OrderedDict[tuple[Any, Any], tuple[int, float]] = OrderedDict()
        self._cursors: dict[tuple[Any, Any], int] = {}

    @classmethod
    def from_connection_string(cls, connection_string: str, **overrides: Any) -> IggyClient:
        return cls(ClientConfig.parse(connection_string), **overrides)

    def __repr__(self) -> str:
        state = "closed" if self._closed else ("connected" if self.is_connected else "disconnected")
        return f"<IggyClient {self.config.redacted()} {state}>"

    @property
    def protocol(self) -> ProtocolVersion:
        """The Iggy wire protocol this client speaks (`ClientConfig.protocol`)."""
        return self._version

    # ------------------------------------------------------------------ lifecycle

    @property
    def is_connected(self) -> bool:
        return self._connection is not None and self._connection.is_open

    @property
    def session(self) -> Any:
        """0.9 over TCP: the connection's `vsr.VsrSession` (client id, session, request numbering); else None."""
        return getattr(self._connection, "session", None)

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
        lost = getattr(connection, "lost_error", None)
        if isinstance(lost, ProtocolMismatchError):
            raise lost  # connecting again would meet the same server
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
            log.info("reconnected to %s", self.config.redacted())
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

    def _login_request(self, auth: tuple[str, ...]) -> rq.Request:
        """0.8: LoginUser / LoginWithPersonalAccessToken; 0.9: Register with the password or token shape."""
        if self._version >= V0_9:
            if auth[0] == "user":
                return rq.LoginRegister(protocol_version=PROTOCOL_VERSION_0_9, sdk_name=SDK_NAME,
                                        sdk_version=__version__, username=auth[1], password=auth[2])
            return rq.LoginRegisterWithPat(protocol_version=PROTOCOL_VERSION_0_9, sdk_name=SDK_NAME,
                                           sdk_version=__version__, token=auth[1])
        if auth[0] == "user":
            return rq.LoginUser(auth[1], auth[2], CLIENT_NAME, "")
        return rq.LoginWithPersonalAccessToken(auth[1])

    async def _login_on(self, connection: Connection) -> None:
        auth = self._auth
        if auth is None:
            return
        request = self._login_request(auth)
        payload = await connection.request(request.CODE, self._encode(request), self.config.request_timeout_ms)
        self.user_id = _decode(rs.RESPONSE_MODELS[request.CODE], payload, self._version).user_id

    # ------------------------------------------------------------------ request plumbing

    async def request(self, code: int, payload: bytes | bytearray | memoryview | list = b"") -> memoryview:
        """Send a raw command payload (encoded in `client.protocol`) and return the raw OK payload (0.9: the result
        section stripped). An escape hatch for tools and tests.

        After a lost connection the next call connects again (0.9: a new session under a new client id). A
        replay-safe command (the spec's `replay_safe`: the lookups and Ping) is then sent again once; any other is
        not, and its error is raised: its outcome is unknown, and in 0.9 the new identity would make a retried
        request look new to the server."""
        if code not in self._commands:
            raise self._unavailable(code)
        async with self._lock:
            attempts = 2 if code in REPLAY_SAFE_COMMANDS else 1
            for attempt in range(attempts):
                connection = await self._ensure_connection_locked()
                try:
                    return await connection.request(code, payload, self.config.request_timeout_ms)
                except (ConnectionLostError, RequestTimeoutError) as error:
                    # The dead connection stays in place so the next call knows it is a reconnect.
                    if attempt + 1 >= attempts or self.config.reconnection_retries == 0:
                        raise self._outcome_unknown(code, error) from None
                except EvictedError as evicted:
                    if evicted.reason not in _RECONNECT_AFTER:
                        raise
                    # The server ended the session under us: the next request connects and registers again.
                    connection.abort(evicted)
                    if attempt + 1 >= attempts or self.config.reconnection_retries == 0:
                        raise
            raise AssertionError("unreachable")

    def _outcome_unknown(self, code: int, error: IggyError) -> IggyError:
        if code in REPLAY_SAFE_COMMANDS or not (self._version >= V0_9 and is_replicated(code)):
            return error
        name = Command(code).name if code in Command._value2member_map_ else str(code)
        return type(error)(error.code, f"{error.message}; {name} may or may not have been applied: it is not sent "
                                       "again under a new session (the server could not tell it from a new request)")

    def _unavailable(self, code: int) -> IggyError:
        name = Command(code).name if code in Command._value2member_map_ else f"command {code}"
        other = [protocol_name(v) for v, commands in COMMANDS_BY_VERSION.items() if code in commands]
        needs = f" (it needs protocol={' or '.join(other)})" if other else ""
        return error_for(ErrorCode.FEATURE_UNAVAILABLE,
                         f"{name} does not exist in Iggy protocol {protocol_name(self._version)}{needs}")

    def _encode(self, request: rq.Request) -> bytes:
        try:
            return request.encode(self._version)
        except ProtocolError as error:
            raise from_protocol_error(error) from None

    async def _send(self, request: rq.Request) -> memoryview:
        if request.CODE not in self._commands:
            raise self._unavailable(request.CODE)
        try:
            return await self.request(request.CODE, self._encode(request))
        except IggyError as error:
            raise fill_from_request(error, request.CODE, lambda field: getattr(request, field, None))

    async def _call(self, request: rq.Request, model: type[M]) -> M:
        payload = await self._send(request)
        return _decode(model, payload, self._version)

    async def _get(self, request: rq.Request, model: type[M]) -> M | None:
        payload = await self._send(request)
        return _decode(model, payload, self._version) if len(payload) else None

    async def _list(self, request: rq.Request, model: Any) -> list:
        payload = await self._send(request)
        counted = self._version in COUNT_PREFIXED_RESPONSES.get(request.CODE, ())
        try:
            return model.decode_list(payload, self._version, counted=counted and len(payload) > 0)
        except ProtocolError as error:
            raise from_protocol_error(error) from None

    def _require_0_9(self, what: str) -> None:
        if self._version < V0_9:
            raise error_for(ErrorCode.FEATURE_UNAVAILABLE,
                            f"{what} needs Iggy protocol 0.9 (this client speaks {protocol_name(self._version)})")

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

    async def describe_options(self, scope: OptionScope | str = OptionScope.TOPIC) -> list[rs.OptionDescriptor]:
        """0.9: the option catalog of a scope (`OptionScope.TOPIC` / "topic", "stream", "user"): each key with its
        kind, default (`default_value` bytes in the kind's encoding) and description. Streams and users have no
        keys in 0.9."""
        self._require_0_9("describe_options")
        response = await self._call(rq.DescribeOptions(option_scope(scope)), rs.DescribeOptionsResponse)
        return list(response.entries)

    # ------------------------------------------------------------------ session

    async def login_user(self, username: str, password: str) -> int:
        """Log in; the credentials are remembered for re-login after a reconnect. Returns the user id.
        0.9: registers a new session under a new client id."""
        request = self._login_request(("user", username, password))
        identity = await self._call(request, rs.RESPONSE_MODELS[request.CODE])
        self._auth = ("user", username, password)
        self.user_id = identity.user_id
        return identity.user_id

    async def login_with_personal_access_token(self, token: str) -> int:
        request = self._login_request(("token", token))
        identity = await self._call(request, rs.RESPONSE_MODELS[request.CODE])
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
        *,
        options: Mapping[str, OptionValue] | None = None,
    ) -> rs.UserDetails:
        """`options` (0.9): the user's options block (0.9 servers have no user keys yet and refuse any)."""
        request = rq.CreateUser(username, password, status, permissions, options=self._options(OptionScope.USER,
                                                                                                  options))
        return await self._call(request, rs.UserDetails)

    async def delete_user(self, user: IdentifierLike) -> None:
        await self._send(rq.DeleteUser(user))

    async def update_user(
        self, user: IdentifierLike, username: str | None = None, status: UserStatus | int | None = None, *,
        options: Mapping[str, OptionValue] | None = None,
    ) -> None:
        await self._send(rq.UpdateUser(user, username, status, options=self._options(OptionScope.USER, options)))

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

    async def create_stream(self, name: str, *, options: Mapping[str, OptionValue] | None = None) -> rs.StreamDetails:
        """`options` (0.9): the stream's options block (0.9 servers have no stream keys yet and refuse any)."""
        request = rq.CreateStream(name, options=self._options(OptionScope.STREAM, options))
        return await self._call(request, rs.StreamDetails)

    async def get_stream(self, stream: IdentifierLike) -> rs.StreamDetails | None:
        return await self._get(rq.GetStream(stream), rs.StreamDetails)

    async def get_streams(self) -> list[rs.StreamHeader]:
        return await self._list(rq.GetStreams(), rs.StreamHeader)

    async def update_stream(self, stream: IdentifierLike, name: str, *,
                            options: Mapping[str, OptionValue] | None = None) -> None:
        await self._send(rq.UpdateStream(stream, name, options=self._options(OptionScope.STREAM, options)))

    async def delete_stream(self, stream: IdentifierLike) -> None:
        await self._send(rq.DeleteStream(stream))

    async def purge_stream(self, stream: IdentifierLike) -> None:
        await self._send(rq.PurgeStream(stream))

    # ------------------------------------------------------------------ topics

    def _options(self, scope: OptionScope, options: Mapping[str, OptionValue] | None) -> bytes:
        if not options:
            return b""
        self._require_0_9("options")
        return encode_options(scope, options)

    def _topic_options(
        self,
        settings: dict[str, Any],
        options: Mapping[str, OptionValue] | None,
        replication_factor: int | None,
        defaults: Mapping[str, OptionValue] | None = None,
    ) -> bytes:
        """A topic's 0.9 options block: the typed settings given (None = not sent: the server default on create,
        unchanged on update), `options`, which may not repeat a setting's key, and `defaults` for keys neither
        gives."""
        if replication_factor:
            raise error_for(ErrorCode.FEATURE_UNAVAILABLE, "Iggy 0.9 topics have no replication_factor (0.8 only)")
        merged: dict[str, OptionValue] = {key: value for key, value in settings.items() if value is not None}
        for key, value in (options or {}).items():
            if key in merged:
                raise ValueError(f"option {key!r} is given twice (as a keyword argument and in options)")
            merged[key] = value
        for key, value in (defaults or {}).items():
            merged.setdefault(key, value)
        return encode_options(OptionScope.TOPIC, merged)

    async def create_topic(
        self,
        stream: IdentifierLike,
        name: str,
        partitions_count: int = 1,
        compression: CompressionAlgorithm | int | None = None,
        message_expiry_us: int = 0,
        max_topic_size_bytes: int = 0,
        replication_factor: int = 0,
        *,
        segment_size_bytes: int | str | None = None,
        durability: str | None = None,
        consumer_offset_durability: str | None = None,
        messages_required_to_save: int | None = None,
        size_of_messages_required_to_save_bytes: int | str | None = None,
        preallocate_segments: bool | None = None,
        options: Mapping[str, OptionValue] | None = None,
    ) -> rs.TopicDetails:
        """Create a topic. `compression` None = none; `message_expiry_us` / `max_topic_size_bytes`: 0 = server
        default, 2**64-1 = never / unlimited; `replication_factor` exists in 0.8 only.

        0.9 sends the settings as the topic's options block: the ones above that are given, the keyword-only
        ones (None = not sent, so the server default) and any other key in `options` (a str is parsed by the
        server: "7 days", "128 MiB"); `durability` and `consumer_offset_durability` are sent as "replicated" unless
        given, as the official 0.9 clients send them. The answer's `option_values` / `derived_option_values` show
        what the server stored."""
        if self._version < V0_9:
            extras = (segment_size_bytes, messages_required_to_save, size_of_messages_required_to_save_bytes,
                      preallocate_segments, options)
            if any(value is not None for value in extras):
                self._require_0_9("topic options")
            request = rq.CreateTopic(stream, partitions_count, compression or CompressionAlgorithm.NONE,
                                     message_expiry_us, max_topic_size_bytes, replication_factor, name)
            return await self._call(request, rs.TopicDetails)
        block = self._topic_options({
            _COMPRESSION_KEY: _compression_name(compression),
            _EXPIRY_KEY: message_expiry_us or None,
            _MAX_SIZE_KEY: max_topic_size_bytes or None,
            "segment_size": segment_size_bytes,
            "durability": durability,
            "consumer_offset_durability": consumer_offset_durability,
            "messages_required_to_save": messages_required_to_save,
            "size_of_messages_required_to_save": size_of_messages_required_to_save_bytes,
            "preallocate_segments": preallocate_segments,
        }, options, replication_factor, _OFFICIAL_CREATE_DEFAULTS)
        request = rq.CreateTopic(stream, partitions_count, name=name, options=block)
        topic = await self._call(request, rs.TopicDetails)
        self._forget_topic(stream, name)
        return topic

    async def get_topic(self, stream: IdentifierLike, topic: IdentifierLike) -> rs.TopicDetails | None:
        return await self._get(rq.GetTopic(stream, topic), rs.TopicDetails)

    async def get_topics(self, stream: IdentifierLike) -> list[rs.TopicHeader]:
        return await self._list(rq.GetTopics(stream), rs.TopicHeader)

    async def update_topic(
        self,
        stream: IdentifierLike,
        topic: IdentifierLike,
        name: str,
        compression: CompressionAlgorithm | int | None = None,
        message_expiry_us: int | None = None,
        max_topic_size_bytes: int | None = None,
        replication_factor: int | None = None,
        *,
        options: Mapping[str, OptionValue] | None = None,
    ) -> None:
        """Rename a topic and change its settings. 0.8 replaces every setting (None = none / server default);
        0.9 changes only the settings given (a patch; None or 0 leaves one unchanged) plus the keys in `options`."""
        if self._version < V0_9:
            if options:
                self._require_0_9("topic options")
            request = rq.UpdateTopic(stream, topic, compression or CompressionAlgorithm.NONE, message_expiry_us or 0,
                                     max_topic_size_bytes or 0, replication_factor or 0, name)
            await self._send(request)
            return
        block = self._topic_options({
            _COMPRESSION_KEY: _compression_name(compression),
            _EXPIRY_KEY: message_expiry_us or None,
            _MAX_SIZE_KEY: max_topic_size_bytes or None,
        }, options, replication_factor)
        await self._send(rq.UpdateTopic(stream, topic, name=name, options=block))

    async def delete_topic(self, stream: IdentifierLike, topic: IdentifierLike) -> None:
        await self._send(rq.DeleteTopic(stream, topic))
        self._forget_topic(stream, topic)

    async def purge_topic(self, stream: IdentifierLike, topic: IdentifierLike) -> None:
        await self._send(rq.PurgeTopic(stream, topic))

    # ------------------------------------------------------------------ partitions & segments

    async def create_partitions(self, stream: IdentifierLike, topic: IdentifierLike, partitions_count: int) -> None:
        await self._send(rq.CreatePartitions(stream, topic, partitions_count))
        self._forget_topic(stream, topic)

    async def delete_partitions(self, stream: IdentifierLike, topic: IdentifierLike, partitions_count: int) -> None:
        """Removes the `partitions_count` highest-numbered partitions."""
        await self._send(rq.DeletePartitions(stream, topic, partitions_count))
        self._forget_topic(stream, topic)

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
    ) -> rs.SendConfirmation | None:
        """Append a batch. `partitioning`: None = balanced, int = partition id, bytes/str = message key.

        0.9: the client picks the partition as the official 0.9 clients do (balanced: a round-robin cursor per
        topic; a key: XXH32(key, seed 0) % partitions_count; the count from GetTopic, kept `TOPIC_CACHE_TTL_S`)
        and returns the server's confirmation: the partition and the offset of the batch's first message
        (`SendConfirmation`; None when the server reports none). 0.8 answers nothing: None."""
        batch = to_messages(messages)
        target = to_partitioning(partitioning)
        if self._version < V0_9:
            try:
                # Header/index buffers interleaved with the callers' payloads: written with one gather
                # write, never joined here.
                parts = encode_send_messages_parts(stream, topic, target, batch)
            except ProtocolError as error:
                raise from_protocol_error(error) from None
            try:
                await self.request(Command.SEND_MESSAGES, parts)
            except IggyError as error:
                raise _send_error(error, stream, topic, target)
            return None
        chosen = target
        if target.kind != PartitioningKind.PARTITION_ID:
            chosen = Partitioning.partition_id(await self._pick_partition(stream, topic, target))
        try:
            parts = encode_send_batch_parts(stream, topic, chosen, batch)
        except ProtocolError as error:
            raise from_protocol_error(error) from None
        try:
            body = await self.request(Command.SEND_MESSAGES, parts)
        except IggyError as error:
            if chosen is not target and error.code == ErrorCode.PARTITION_NOT_FOUND:
                self._forget_topic(stream, topic)  # the topic shrank: read its count again next time
            raise _send_error(error, stream, topic, chosen)
        if not len(body):
            return None
        confirmations = _decode(rs.SendMessagesResponse, body, V0_9).confirmations
        return confirmations[0] if confirmations else None

    async def _pick_partition(self, stream: IdentifierLike, topic: IdentifierLike, partitioning: Partitioning) -> int:
        key = (Identifier.parse(stream).value, Identifier.parse(topic).value)
        cached = self._partition_counts.get(key)
        now = time.monotonic()
        if cached is None or now - cached[1] > TOPIC_CACHE_TTL_S:
            details = await self.get_topic(stream, topic)
            if details is None:
                raise error_for(ErrorCode.TOPIC_ID_NOT_FOUND, f"topic {topic!r} of stream {stream!r} not found")
            cached = (details.partitions_count, now)
            self._partition_counts[key] = cached
            self._partition_counts.move_to_end(key)
            while len(self._partition_counts) > TOPIC_CACHE_MAX_ENTRIES:
                self._partition_counts.popitem(last=False)
        count = cached[0]
        if count == 0:
            raise error_for(ErrorCode.NO_PARTITIONS, f"topic {topic!r} of stream {stream!r} has no partitions")
        if partitioning.kind == PartitioningKind.MESSAGES_KEY:
            return xxhash.xxh32_intdigest(partitioning.value, 0) % count
        cursor = self._cursors.get(key, 0)
        self._cursors[key] = (cursor + 1) % count
        if len(self._cursors) > TOPIC_CACHE_MAX_ENTRIES:
            self._cursors.pop(next(iter(self._cursors)))
        return cursor % count

    def _forget_topic(self, stream: IdentifierLike, topic: IdentifierLike) -> None:
        self._partition_counts.pop((Identifier.parse(stream).value, Identifier.parse(topic).value), None)

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
        """Poll up to `count` messages. Payloads are memoryviews into the one receive buffer. 0.9: a group
        member names a partition it was assigned (`sync_consumer_group`); a partition it does not own answers
        an empty poll whose `partition_id` is `RESYNC_PARTITION_ID` (sync again)."""
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
        *,
        ack: AckLevel = AckLevel.QUORUM,
    ) -> None:
        """`ack` (0.9): how far the store is acknowledged; the official clients always ask `QUORUM`."""
        await self._send(rq.StoreConsumerOffset(to_consumer(consumer), stream, topic, partition_id, offset, ack=ack))

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
        *,
        ack: AckLevel = AckLevel.QUORUM,
    ) -> None:
        await self._send(rq.DeleteConsumerOffset(to_consumer(consumer), stream, topic, partition_id, ack=ack))

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

    async def sync_consumer_group(
        self, stream: IdentifierLike, topic: IdentifierLike, group: IdentifierLike
    ) -> rs.SyncConsumerGroupResponse | None:
        """0.9: this member's partitions in the group and the group's generation (it grows with every change of
        membership or assignment), or None when this connection is not a member."""
        return await self._get(rq.SyncConsumerGroup(stream, topic, group), rs.SyncConsumerGroupResponse)


def _compression_name(compression: CompressionAlgorithm | int | None) -> str | None:
    """A 0.9 `compression_algorithm` option value as the official clients send it ("gzip"); None = not sent."""
    if compression is None:
        return None
    return CompressionAlgorithm(compression).name.lower()


def _decode(model: Any, payload: memoryview, version: ProtocolVersion = V0_8) -> Any:
    try:
        return model.decode(payload, version)
    except ProtocolError as error:
        raise from_protocol_error(error) from None


__all__ = ["IggyClient", "to_consumer", "to_messages", "to_partitioning"]
