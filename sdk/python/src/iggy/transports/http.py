"""``iggy+http://``: each command becomes a call of Iggy's REST API (aiohttp), its JSON turned back into the binary
response the client decodes (in the client's protocol) — so every client method works unchanged over HTTP.

Each command's route (method, path, which request fields travel in the path, the query or the JSON body, and under
which names) is the spec's, generated into ``_http_routes``; this module converts the values and the answers. The
REST API is the same in both protocols; 0.9 adds what ``protocol=0.9`` uses here: an ``"options"`` map on topic,
stream and user bodies (a topic update leaves out the settings it does not change: a patch), DescribeOptions' route,
and the JSON send confirmation of SendMessages' route.

Login (user or personal access token) stores the JWT the server returns and sends it as a bearer token;
logout drops it. As in Iggy 0.8's HTTP API (and the official Rust SDK's HTTP client), there is no session:
consumer-group membership (join, leave, group polls and offsets) and get_me have no route (``ABSENT`` says why),
and clients, stats, snapshots and cluster metadata have no conversion of their JSON here: they answer 5
FeatureUnavailable. Server errors arrive as Iggy's error JSON and are raised with their Iggy code; a bare 401 is 40
Unauthenticated. This module is the one place that knows both the REST JSON and the codec's models.
"""

from __future__ import annotations

import asyncio
import base64
import json
import re
from typing import Any
from urllib.parse import quote

import aiohttp

from .._version import CLIENT_NAME
from ..connection import make_ssl_context, split_address
from ..errors import CannotConnectError, ConnectionLostError, IggyError, RequestTimeoutError, error_for
from ..options import decode_options, encode_options
from ..protocol import requests as rq
from ..protocol import responses as rs
from ..protocol.batches import Batch, Frame
from ..protocol.codes import (
    Command,
    CompressionAlgorithm,
    ErrorCode,
    HeaderKind,
    OptionScope,
    ProtocolVersion,
    UserStatus,
)
from ..protocol.messages import Message, PolledMessages
from ..protocol.responses import COUNT_PREFIXED_RESPONSES
from ..protocol.primitives import (
    GlobalPermissions,
    HeaderValue,
    Identifier,
    Permissions,
    StreamPermissions,
    TopicPermissions,
    encode_user_headers,
)
from ._http_routes import ABSENT, ROUTES, Param, Route

_SIZE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([A-Za-z]*)\s*$")
_SIZE_UNITS = {"": 1, "b": 1, "kb": 1000, "mb": 1000**2, "gb": 1000**3, "tb": 1000**4,
               "kib": 1024, "mib": 1024**2, "gib": 1024**3, "tib": 1024**4}
_GLOBAL_FIELDS = tuple(GlobalPermissions.__dataclass_fields__)
_STREAM_FIELDS = tuple(name for name in StreamPermissions.__dataclass_fields__ if name != "topics")
_TOPIC_FIELDS = tuple(TopicPermissions.__dataclass_fields__)


async def open_connection(config: Any) -> HttpConnection:
    host, port = split_address(config.address)
    ssl_context = make_ssl_context(config)
    base_url = f"{'https' if ssl_context else 'http'}://{host}:{port}"
    session = aiohttp.ClientSession(
        base_url, connector=aiohttp.TCPConnector(ssl=ssl_context if ssl_context else False, limit=1),
        timeout=aiohttp.ClientTimeout(connect=config.connect_timeout_ms / 1000),
        headers={"User-Agent": CLIENT_NAME},
    )
    connection = HttpConnection(session, f"{host}:{port}", config.protocol)
    ping = ROUTES[Command.PING]
    try:  # HTTP has no connection to open; a ping proves the server answers
        async with session.request(ping.method, ping.path) as response:
            if response.status != 200:
                raise CannotConnectError(ErrorCode.CANNOT_ESTABLISH_CONNECTION,
                                         f"{base_url}{ping.path}: {response.status}")
    except (aiohttp.ClientError, asyncio.TimeoutError, OSError) as error:
        await session.close()
        message = f"cannot connect to {base_url}: {error}"
        raise CannotConnectError(ErrorCode.CANNOT_ESTABLISH_CONNECTION, message) from None
    return connection


def _unavailable(what: str, why: str = "Iggy 0.8's REST API") -> IggyError:
    return error_for(ErrorCode.FEATURE_UNAVAILABLE, f"{what} is not available over HTTP ({why})")


class HttpConnection:
    def __init__(self, session: aiohttp.ClientSession, peer: str,
                 version: ProtocolVersion = ProtocolVersion.V0_8) -> None:
        self._session = session
        self.peer = peer
        self.version = version  # the protocol requests are encoded in and answers are encoded for
        self.token: str | None = None
        self._lost: BaseException | None = None

    @property
    def is_open(self) -> bool:
        return self._lost is None and not self._session.closed

    @property
    def lost_error(self) -> BaseException | None:
        return self._lost

    @property
    def v09(self) -> bool:
        return self.version >= ProtocolVersion.V0_9

    async def request(self, code: int, payload: Any, timeout_ms: int) -> memoryview:
        if code not in Command._value2member_map_:
            raise _unavailable(f"command {code}")
        command = Command(code)
        route = ROUTES.get(command)
        if route is None:
            raise _unavailable(command.name, ABSENT.get(command, "no route"))
        answer = _ANSWERS.get(command) or _generic_answer(command, route)
        if answer is None:
            raise _unavailable(command.name, "this SDK does not read its JSON answer")
        data = b"".join(payload) if isinstance(payload, list) else payload
        request = rq.REQUEST_TYPES[command].decode(data, self.version)
        try:
            return memoryview(await asyncio.wait_for(self._exchange(route, request, answer), timeout_ms / 1000))
        except asyncio.TimeoutError:
            raise RequestTimeoutError(ErrorCode.TASK_TIMEOUT, f"no response to command {code} within {timeout_ms} ms")
        except aiohttp.ClientError as error:
            raise ConnectionLostError(ErrorCode.CONNECTION_CLOSED, f"HTTP request failed: {error}") from None

    async def _exchange(self, route: Route, request: Any, answer: Any) -> bytes:
        """The route's call with the request's values in its path, query and body; the answer as binary."""
        segments: dict[str, str] = {}
        query: dict[str, str] = {}
        body: dict[str, Any] | None = None
        for param in route.params:
            if param.versions is not None and self.version not in param.versions:
                continue
            if param.where == "path":
                segments[param.name] = quote(_text(_value(request, param)), safe="")
            elif param.where == "query":
                if (value := _value(request, param)) is not None:  # an absent optional stays out of the query
                    query[param.name] = _text(value)
            else:
                body = {} if body is None else body
                if (value := _json_value(param, request)) is not _OMITTED:
                    body[param.name] = value
        found = await self.call(route.method, route.path.format(**segments), body, query or None,
                                missing_ok=route.not_found_404)
        return answer(self, request, found)

    async def call(self, method: str, path: str, body: Any = None, query: dict | None = None,
                   missing_ok: bool = False) -> Any:
        """The JSON (or None for an empty body) of a 2xx answer; None for a 404 when ``missing_ok``."""
        headers = {"Authorization": f"Bearer {self.token}"} if self.token else {}
        async with self._session.request(method, path, json=body, params=query, headers=headers) as response:
            raw = await response.read()
            if response.status < 300:
                return _json(response, raw)
            parsed = _json(response, raw) if raw else None
            if response.status == 404 and missing_ok:
                return None
            if response.status == 401:
                raise error_for(ErrorCode.UNAUTHENTICATED, "the server refused the access token")
            if isinstance(parsed, dict) and isinstance(parsed.get("id"), int):
                code = parsed["id"] if parsed["id"] != 404 else ErrorCode.RESOURCE_NOT_FOUND
                raise error_for(code, parsed.get("reason"))
            raise error_for(ErrorCode.HTTP_RESPONSE_ERROR, f"HTTP {response.status}: {raw[:200]!r}")

    def abort(self, error: BaseException | None = None) -> None:
        if error is not None and self._lost is None:
            self._lost = error
        if not self._session.closed:
            asyncio.get_running_loop().create_task(self._session.close())

    async def close(self) -> None:
        await self._session.close()


def _json(response: aiohttp.ClientResponse, raw: bytes) -> Any:
    if not raw:
        return None
    if "json" not in (response.content_type or ""):
        return raw
    return json.loads(raw)


def _size(text: Any) -> int:
    if isinstance(text, int):
        return text
    match = _SIZE.match(str(text))
    if match is None or match.group(2).lower() not in _SIZE_UNITS:
        raise error_for(ErrorCode.INVALID_JSON_RESPONSE, f"unreadable byte size {text!r}")
    return int(float(match.group(1)) * _SIZE_UNITS[match.group(2).lower()])


def _enum(enum: Any, text: str) -> Any:
    return enum[text.upper()]


# ====================================================================== JSON → response models


def _stream(j: dict) -> rs.StreamHeader:
    return rs.StreamHeader(id=j["id"], created_at=j["created_at"], topics_count=j["topics_count"],
                           size_bytes=_size(j["size"]), messages_count=j["messages_count"], name=j["name"])


def _stream_details(j: dict) -> rs.StreamDetails:
    return rs.StreamDetails(id=j["id"], created_at=j["created_at"], size_bytes=_size(j["size"]),
                            messages_count=j["messages_count"], name=j["name"],
                            topics=tuple(_topic(t) for t in j.get("topics", [])))


def _topic_fields(j: dict) -> dict:
    """The fields TopicHeader and TopicDetails share (0.9's JSON: `options` {key: {value, explicit}}, no
    replication_factor)."""
    explicit, derived = _option_blocks(j.get("options"))
    return dict(id=j["id"], created_at=j["created_at"], message_expiry=j["message_expiry"],
                compression_algorithm=_enum(CompressionAlgorithm, j["compression_algorithm"]),
                max_topic_size=j["max_topic_size"], replication_factor=j.get("replication_factor") or 0,
                size_bytes=_size(j["size"]), messages_count=j["messages_count"], name=j["name"],
                options=explicit, derived_options=derived)


def _option_blocks(options: Any) -> tuple[bytes, bytes]:
    """0.9's `{key: {"value": text, "explicit": bool}}` as the explicit and derived blocks (text values)."""
    if not options:
        return b"", b""
    explicit = {k: v["value"] for k, v in options.items() if v.get("explicit")}
    derived = {k: v["value"] for k, v in options.items() if not v.get("explicit")}
    return encode_options(OptionScope.TOPIC, explicit), encode_options(OptionScope.TOPIC, derived)


def _options_json(block: bytes) -> dict[str, str]:
    """An options block as 0.9's JSON map of strings (the server parses each against its catalog)."""
    return {key: _option_text(value) for key, value in decode_options(block).items()}


def _option_text(value: HeaderValue) -> str:
    plain = value.value
    if isinstance(plain, bool):
        return "true" if plain else "false"
    if isinstance(plain, (bytes, bytearray)):
        raise error_for(ErrorCode.INVALID_OPTION_VALUE, "a raw option value has no JSON form")
    return str(plain)


def _topic(j: dict) -> rs.TopicHeader:
    return rs.TopicHeader(**_topic_fields(j), partitions_count=j["partitions_count"])


def _topic_details(j: dict) -> rs.TopicDetails:
    partitions = tuple(
        rs.PartitionDetails(id=p["id"], created_at=p["created_at"], segments_count=p["segments_count"],
                            current_offset=p["current_offset"], size_bytes=_size(p["size"]),
                            messages_count=p["messages_count"])
        for p in j["partitions"]
    )
    return rs.TopicDetails(**_topic_fields(j), partitions=partitions)


def _group(j: dict) -> rs.GroupHeader:
    return rs.GroupHeader(id=j["id"], partitions_count=j["partitions_count"], members_count=j["members_count"],
                          name=j["name"])


def _group_details(j: dict) -> rs.GroupDetails:
    members = tuple(
        rs.GroupMember(member_id=m["id"], partition_ids=tuple(m["partitions"])) for m in j.get("members", [])
    )
    return rs.GroupDetails(id=j["id"], partitions_count=j["partitions_count"], name=j["name"], members=members)


def _user(j: dict) -> rs.UserHeader:
    return rs.UserHeader(id=j["id"], created_at=j["created_at"], status=_enum(UserStatus, j["status"]),
                         username=j["username"])


def _permissions_from_json(j: Any) -> Permissions | None:
    if j is None:
        return None
    streams = {}
    for stream_id, s in (j.get("streams") or {}).items():
        topics = {int(t): TopicPermissions(**{k: t_json.get(k, False) for k in _TOPIC_FIELDS})
                  for t, t_json in (s.get("topics") or {}).items()}
        streams[int(stream_id)] = StreamPermissions(**{k: s.get(k, False) for k in _STREAM_FIELDS}, topics=topics)
    return Permissions(GlobalPermissions(**{k: j["global"].get(k, False) for k in _GLOBAL_FIELDS}), streams)


def _permissions_json(p: Permissions | None) -> Any:
    if p is None:
        return None
    streams = {
        str(sid): {k: getattr(s, k) for k in _STREAM_FIELDS}
        | {"topics": {str(tid): {k: getattr(t, k) for k in _TOPIC_FIELDS} for tid, t in s.topics.items()} or None}
        for sid, s in p.streams.items()
    }
    return {"global": {k: getattr(p.global_permissions, k) for k in _GLOBAL_FIELDS}, "streams": streams or None}


def _message(j: dict) -> Message:
    header = j["header"]
    headers = j.get("user_headers") or []
    if isinstance(headers, str):
        raw_headers = base64.b64decode(headers)
    else:
        raw_headers = encode_user_headers({
            HeaderValue(int(_enum(HeaderKind, e["key"]["kind"])), base64.b64decode(e["key"]["value"])):
            HeaderValue(int(_enum(HeaderKind, e["value"]["kind"])), base64.b64decode(e["value"]["value"]))
            for e in headers
        }) if headers else b""
    return Message(base64.b64decode(j["payload"]), id=header["id"], user_headers_bytes=raw_headers,
                   offset=header["offset"], timestamp_us=header["timestamp"],
                   origin_timestamp_us=header["origin_timestamp"], checksum=header["checksum"])


def _header_json(value: HeaderValue) -> dict:
    return {"kind": HeaderKind(value.kind).name.lower(), "value": base64.b64encode(value.data).decode()}


# ====================================================================== request model → route values


_OMITTED = object()  # a body value the JSON leaves out


def _value(request: Any, param: Param) -> Any:
    """The request's value of a route parameter (``consumer.id``: the id of its consumer)."""
    top, _, sub = param.field.partition(".")
    value = getattr(request, top)
    if top == "consumer" and value.is_group:
        raise _unavailable("consumer-group polling and offsets")
    value = getattr(value, sub) if sub else value
    if isinstance(value, Identifier):
        return value.value
    return param.enum(value).name.lower() if param.enum is not None and value is not None else value


def _text(value: Any) -> str:
    """A path or query value: bools as Iggy's ``true|false``."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def _json_value(param: Param, request: Any) -> Any:
    """A body value as Iggy's JSON: the conversions of fields that are not plain values, by field name."""
    convert = _BODY_CONVERSIONS.get(param.field)
    return convert(getattr(request, param.field)) if convert else _value(request, param)


def _options_body(block: bytes) -> Any:
    """0.9's options map, left out when the request sets none (0.8's JSON has no such key)."""
    return _options_json(block) if block else _OMITTED


def _partitioning_json(partitioning: Any) -> dict:
    return {"kind": partitioning.kind.name.lower(), "value": base64.b64encode(partitioning.value).decode()}


def _messages_json(messages: Any) -> list[dict]:
    items = []
    for m in messages:
        item: dict[str, Any] = {"id": m.id, "payload": base64.b64encode(bytes(m.payload)).decode()}
        if m.user_headers_bytes:
            item["user_headers"] = [{"key": _header_json(k), "value": _header_json(v)}
                                    for k, v in m.user_headers.items()]
        items.append(item)
    return items


_BODY_CONVERSIONS: dict[str, Any] = {
    "options": _options_body,
    "permissions": _permissions_json,
    "partitioning": _partitioning_json,
    "messages": _messages_json,
    "batch": lambda batch: _messages_json(_batch_messages(batch)),
    "replication_factor": lambda factor: factor or None,  # 0 = the server's default, which Iggy's JSON writes null
}


# ====================================================================== route answer (JSON) → binary answer


def _no_answer(c: HttpConnection, r: Any, found: Any) -> bytes:
    return b""


def _login(c: HttpConnection, r: Any, identity: Any) -> bytes:
    c.token = identity["access_token"]["token"]
    if c.v09:  # 0.9's Register answer carries no session over HTTP (a JWT instead)
        return rs.LoginRegisterResponse(user_id=identity["user_id"], session=0,
                                        server_protocol_version=r.protocol_version,
                                        server_version="http").encode(c.version)
    return rs.RESPONSE_MODELS[r.CODE](user_id=identity["user_id"]).encode()


def _logout(c: HttpConnection, r: Any, found: Any) -> bytes:
    c.token = None
    return b""


def _generic_answer(command: Command, route: Route) -> Any:
    """What a command needs no entry in ``_ANSWERS`` for: an always empty binary answer, or a ``fields`` route's JSON
    (the response's fields by name, an array of them for a list answer; commands.toml); None for any other."""
    model = rs.RESPONSE_MODELS.get(command)
    if model is None:
        return _no_answer
    if route.response != "fields":
        return None

    def convert(found: dict) -> Any:
        return model(**{name: found[name] for name in model.PUBLIC_NAMES})

    return _listing(convert, model) if command in rs.LIST_RESPONSES else _single(convert)


def _single(convert: Any) -> Any:
    def answer(c: HttpConnection, r: Any, found: Any) -> bytes:
        return b"" if found is None else convert(found).encode(c.version)

    return answer


def _listing(convert: Any, model: Any) -> Any:
    def answer(c: HttpConnection, r: Any, items: Any) -> bytes:
        counted = c.version in COUNT_PREFIXED_RESPONSES.get(r.CODE, ())
        return model.encode_list([convert(item) for item in items], c.version, counted=counted)

    return answer


def _sent(c: HttpConnection, r: Any, answer: Any) -> bytes:
    if not c.v09:
        return b""  # 0.8 clients ignore a 201's body
    entries = answer.get("confirmations", []) if isinstance(answer, dict) else []
    confirmations = tuple(rs.SendConfirmation(e["stream_id"], e["topic_id"], e["partition_id"], e["base_offset"])
                          for e in entries)
    return rs.SendMessagesResponse(confirmations=confirmations).encode(c.version)


def _polled(c: HttpConnection, r: Any, polled: Any) -> bytes:
    messages = [_message(m) for m in polled["messages"]]
    answer = PolledMessages(partition_id=polled["partition_id"], current_offset=polled["current_offset"],
                            messages_count=polled["count"], messages=messages,
                            batches=_as_batches(polled["partition_id"], messages) if c.v09 else ())
    return answer.encode(c.version)


def _batch_messages(batch: Batch) -> list[Message]:
    """A 0.9 SendMessages batch's messages (ids and headers as the client made them), for the JSON body."""
    return [Message(frame.payload, id=frame.id, user_headers_bytes=frame.user_headers) for frame in batch.frames]


def _as_batches(partition_id: int, messages: list[Message]) -> tuple[Batch, ...]:
    """Polled JSON messages as 0.9 batches: one per run of messages sharing a timestamp (a batch has one base
    timestamp, as the server's own 0.9 answers are cut). The JSON checksums are the stored 0.8 ones: the client
    reads but never verifies them."""
    batches: list[Batch] = []
    run: list[Message] = []
    for message in messages + [None]:  # type: ignore[list-item]
        if run and (message is None or message.timestamp_us != run[0].timestamp_us):
            origin = min(m.origin_timestamp_us for m in run)
            frames = tuple(Frame(m.checksum, m.id, m.offset - run[0].offset, m.origin_timestamp_us - origin,
                                 bytes(m.payload), bytes(m.user_headers_bytes)) for m in run)
            batches.append(Batch(partition_id, run[0].offset, run[0].timestamp_us, origin, 0, frames))
            run = []
        if message is not None:
            run.append(message)
    return tuple(batches)


def _option_specs(specs: list) -> rs.DescribeOptionsResponse:
    entries = tuple(rs.OptionDescriptor(key=s["key"], kind=_enum(HeaderKind, s["kind"]),
                                        default_value=bytes(s["default_value"]), description=s["description"])
                    for s in specs)
    return rs.DescribeOptionsResponse(entries=entries)


def _token_info(j: dict) -> rs.PersonalAccessTokenInfo:
    return rs.PersonalAccessTokenInfo(name=j["name"], expiry_at=j["expiry_at"] or 0)


def _user_details(j: dict) -> rs.UserDetails:
    return rs.UserDetails(id=j["id"], created_at=j["created_at"], status=_enum(UserStatus, j["status"]),
                          username=j["username"], permissions=_permissions_from_json(j.get("permissions")))


# How each command's JSON answer becomes its binary answer (a command whose binary answer is always empty needs none,
# nor does one whose route answers `fields`; any other missing here answers FeatureUnavailable).
_ANSWERS: dict[Command, Any] = {
    Command.LOGIN_USER: _login,
    Command.LOGIN_WITH_PERSONAL_ACCESS_TOKEN: _login,
    Command.LOGIN_REGISTER: _login,
    Command.LOGIN_REGISTER_WITH_PAT: _login,
    Command.LOGOUT_USER: _logout,
    Command.DESCRIBE_OPTIONS: _single(_option_specs),
    Command.GET_STREAMS: _listing(_stream, rs.StreamHeader),
    Command.GET_STREAM: _single(_stream_details),
    Command.CREATE_STREAM: _single(_stream),
    Command.GET_TOPICS: _listing(_topic, rs.TopicHeader),
    Command.GET_TOPIC: _single(_topic_details),
    Command.CREATE_TOPIC: _single(_topic_details),
    Command.SEND_MESSAGES: _sent,
    Command.POLL_MESSAGES: _polled,
    Command.GET_CONSUMER_GROUP: _single(_group_details),
    Command.CREATE_CONSUMER_GROUP: _single(_group),
    Command.GET_USERS: _listing(_user, rs.UserHeader),
    Command.GET_USER: _single(_user_details),
    Command.CREATE_USER: _single(_user_details),
    Command.GET_PERSONAL_ACCESS_TOKENS: _listing(_token_info, rs.PersonalAccessTokenInfo),
}
