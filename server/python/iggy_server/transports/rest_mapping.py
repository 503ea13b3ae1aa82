"""Iggy's HTTP JSON ↔ the binary request/response models of ``iggy.protocol`` — the only place that knows both.

Inbound: a :class:`RouteArgs` reads a request's path, query and JSON body by request field name, through the
request's route (``_rest_routes``, generated from the spec: where each field travels and under which name), and the
``*_request`` builders turn them into a codec request model (its ``encode()`` is the payload the shared command entry
runs). Outbound: the ``*_json`` renderers turn decoded response models into Iggy's JSON (snake_case, sizes as
``"<n> B"`` strings, payloads and header values in base64, µs timestamps, 0.9's option values as text). The
messages themselves, a send body and a poll answer, are converted natively (``server/src/http_json.rs``), with no
per-message Python. Wrong or missing values raise :class:`IggyError` 4 InvalidFormat naming the parameter. When
the codec's class or field names change, this module is what changes with them; a route, method or parameter
name never is.
"""

from __future__ import annotations

import struct
from collections.abc import Mapping
from typing import Any

from iggy.protocol import requests as rq
from iggy.protocol.codes import (
    OPTION_CATALOG,
    U32_MAX,
    U64_MAX,
    CompressionAlgorithm,
    ErrorCode,
    HeaderKind,
    OptionScope,
    PartitioningKind,
    PollingKind,
    ProtocolVersion,
    SnapshotCompression,
    SnapshotType,
    Transport,
    UserStatus,
)
from iggy.protocol.layout import POLL_RESPONSE_PREFIX_STRUCT_FORMAT
from iggy.protocol.messages import encode_send_messages_metadata
from iggy.protocol.primitives import (
    Consumer,
    GlobalPermissions,
    Identifier,
    Partitioning,
    Permissions,
    PollingStrategy,
    StreamPermissions,
    TopicPermissions,
)

from .._native import NativeError, http_poll_json, http_send_batch
from ..errors import IggyError
from ..options import Option, encode_block, option_text, parse_block
from ._rest_routes import Param, Route

V0_8, V0_9 = ProtocolVersion.V0_8, ProtocolVersion.V0_9

EMPTY_POLL_JSON = b'{"partition_id":0,"current_offset":0,"count":0,"messages":[]}'
_POLL_PREFIX = struct.Struct(POLL_RESPONSE_PREFIX_STRUCT_FORMAT)
_MISSING = object()
_TRANSPORT_NAMES = {Transport.TCP: "tcp", Transport.QUIC: "quic", Transport.HTTP: "http", Transport.WEB_SOCKET: "ws"}
# Iggy accepts the full name or its first letter (offset|o, timestamp|t, first|f, last|l, next|n).
_POLLING_KINDS = {name: kind for kind in PollingKind for name in (kind.name.lower(), kind.name[0].lower())}
_GLOBAL_FIELDS = tuple(GlobalPermissions.__dataclass_fields__)
_STREAM_FIELDS = tuple(name for name in StreamPermissions.__dataclass_fields__ if name != "topics")
_TOPIC_FIELDS = tuple(TopicPermissions.__dataclass_fields__)
_DEFAULT_COMPRESSION = OPTION_CATALOG[(OptionScope.TOPIC, "compression_algorithm")][1]
# The spec types RouteArgs.value converts by itself, with their largest value: a route whose parameters are all of
# these (no enum) needs no handler of its own when it answers nothing (RouteArgs.model builds its request).
_UNSIGNED_MAXIMA = {"u8": 0xFF, "u16": 0xFFFF, "u32": U32_MAX, "u64": U64_MAX, "optional_partition": U32_MAX}
PLAIN_TYPES = frozenset({"identifier", "name", "password", "string32", *_UNSIGNED_MAXIMA})


def invalid(message: str, error: int = ErrorCode.INVALID_FORMAT) -> IggyError:
    return IggyError(error, message)


# ====================================================================== inbound


def field(body: Any, name: str, kind: type | tuple[type, ...], default: Any = _MISSING) -> Any:
    """``body[name]`` checked against ``kind`` (bool is never an int); absent or null → ``default``."""
    if not isinstance(body, dict):
        raise invalid("the request body must be a JSON object")
    value = body.get(name)
    if value is None:
        if default is _MISSING:
            raise invalid(f"field '{name}' is required")
        return default
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if isinstance(value, bool) and bool not in kinds:
        raise invalid(f"field '{name}' has the wrong type: expected {_kind_names(kinds)}")
    if not isinstance(value, kinds):
        raise invalid(f"field '{name}' has the wrong type: expected {_kind_names(kinds)}")
    return value


def _kind_names(kinds: tuple[type, ...]) -> str:
    names = {int: "integer", str: "string", bool: "boolean", list: "array", dict: "object"}
    return " or ".join(names.get(k, k.__name__) for k in kinds)


def unsigned(body: Any, name: str, maximum: int, default: Any = _MISSING) -> int:
    value = field(body, name, int, default)
    if value is not None and not 0 <= value <= maximum:  # None: an optional field left out
        raise invalid(f"field '{name}' must be an integer in 0..{maximum}")
    return value


def identifier(text: str, what: str) -> Identifier:
    """A path identifier: u32 text is numeric, anything else a 1..255-byte name (Iggy's from_str_value)."""
    try:
        return Identifier.parse(text)
    except (TypeError, ValueError) as error:
        raise invalid(f"invalid {what} identifier {text!r}: {error}", ErrorCode.INVALID_IDENTIFIER) from None


def _parameter_int(text: str | None, what: str, maximum: int, default: Any) -> Any:
    if text is None or text == "":
        if default is _MISSING:
            raise invalid(f"{what} is required")
        return default
    if not (text.isascii() and text.isdigit()) or int(text) > maximum:
        raise invalid(f"{what} must be an integer in 0..{maximum}, got {text!r}")
    return int(text)


def _parameter_bool(text: str | None, what: str, default: bool) -> bool:
    if text is None or text == "":
        return default
    if text.lower() not in ("true", "false"):
        raise invalid(f"{what} must be true or false, got {text!r}")
    return text.lower() == "true"


class RouteArgs:
    """One request's parameters by request field name (``consumer.id``: the id of the consumer): the route says
    where each travels and under which name, this class what its text or JSON value means. Path and query values are
    text; body values JSON (the body must then be an object)."""

    __slots__ = ("route", "response_headers", "_params", "_match", "_query", "_body")

    def __init__(self, route: Route, match: Mapping[str, str], query: Mapping[str, str], body: Any) -> None:
        self.route = route
        self.response_headers: dict[str, str] = {}  # extra headers of the answer
        self._params: dict[str, Param] = {param.field: param for param in route.params}
        self._match, self._query, self._body = match, query, body

    def name(self, name: str) -> str:
        """The parameter's name in the path, the query string or the JSON body."""
        return self._params[name].name

    def _what(self, param: Param) -> str:
        return f"field '{param.name}'" if param.where == "body" else f"{param.where} parameter '{param.name}'"

    def raw(self, name: str) -> Any:
        """The text of a path or query parameter, the JSON value of a body one; None when absent."""
        param = self._params[name]
        if param.where == "path":
            return self._match[param.name]
        if param.where == "query":
            return self._query.get(param.name)
        if not isinstance(self._body, dict):
            raise invalid("the request body must be a JSON object")
        return self._body.get(param.name)

    def json(self, name: str, kind: type | tuple[type, ...], default: Any = _MISSING) -> Any:
        """A body value checked against ``kind`` (see :func:`field`)."""
        return field(self._body, self.name(name), kind, default)

    def unsigned(self, name: str, maximum: int, default: Any = _MISSING) -> Any:
        param = self._params[name]
        if param.where == "body":
            return unsigned(self._body, param.name, maximum, default)
        return _parameter_int(self.raw(name), self._what(param), maximum, default)

    def boolean(self, name: str, default: bool) -> bool:
        param = self._params[name]
        if param.where == "body":
            return field(self._body, param.name, bool, default)
        return _parameter_bool(self.raw(name), self._what(param), default)

    def string(self, name: str, default: Any = _MISSING) -> Any:
        param = self._params[name]
        if param.where == "body":
            return field(self._body, param.name, str, default)
        text = self.raw(name)
        if text is None:
            if default is _MISSING:
                raise invalid(f"{self._what(param)} is required")
            return default
        return text

    def identifier(self, name: str, default: str | None = None) -> Identifier:
        """A stream, topic, group, user or consumer identifier (a body may hold a number); empty → ``default``."""
        param = self._params[name]
        value = self.json(name, (int, str), default) if param.where == "body" else (self.raw(name) or default)
        if value is None:
            raise invalid(f"{self._what(param)} is required")
        return identifier(str(value), name.split(".")[0].removesuffix("_id").replace("_", " "))

    def enum(self, name: str, enum: Any, default: Any) -> Any:
        """A body enum by its member name, any case (``"gzip"``); absent → ``default``."""
        text = self.json(name, str, None)
        if text is None:
            return default
        try:
            return enum[text.upper()]
        except KeyError:
            choices = ", ".join(member.name.lower() for member in enum)
            raise invalid(f"{self._what(self._params[name])} must be one of {choices}, got {text!r}") from None

    def value(self, name: str) -> Any:
        """A parameter of a plain spec type (PLAIN_TYPES), converted by that type; required unless optional or the
        spec gives its default."""
        param = self._params[name]
        default = _MISSING if param.default is None else param.default
        if param.type == "identifier":
            return self.identifier(name)
        if param.type in _UNSIGNED_MAXIMA and param.enum is None:
            default = None if param.type == "optional_partition" else default
            return self.unsigned(name, _UNSIGNED_MAXIMA[param.type], default)
        if param.type in ("name", "password", "string32"):
            return self.string(name, default)
        raise TypeError(f"{param.field} ({param.type}) needs a conversion of its own")

    def model(self, **given: Any) -> rq.Request:
        """The request of the route's (first) command: ``given`` fields as they are, every other parameter of the
        command by :meth:`value` (a record's ``a.b`` parameters are read by the handler that gives ``a``)."""
        request_type = rq.REQUEST_TYPES[self.route.commands[0]]
        fields = {param.field: self.value(param.field) for param in self.route.params
                  if param.field in request_type.__dataclass_fields__ and param.field not in given}
        return request_type(**fields, **given)


def options_map(args: RouteArgs) -> dict[str, str]:
    """Iggy 0.9's ``"options": {key: value}`` (strings; absent = none)."""
    options = args.json("options", dict, {})
    if not all(isinstance(key, str) and isinstance(value, str) for key, value in options.items()):
        raise invalid(f"field '{args.name('options')}' must map strings to strings")
    return options


def _options_block(entries: dict[str, str]) -> bytes:
    """A 0.9 options block of String values (the server parses each against its catalog)."""
    return encode_block(Option(key, HeaderKind.STRING, value.encode("utf-8")) for key, value in sorted(entries.items()))


_TOPIC_SETTINGS = ("compression_algorithm", "message_expiry", "max_topic_size")


def _topic_settings_as_options(args: RouteArgs, creating: bool = False) -> dict[str, str]:
    """0.9 topic bodies keep compression, expiry and size as fields: the ones given, as option strings (0, the
    server's default, gives no expiry or size). A create body's compression is a required field, which 0.9's
    official SDK fills with the catalog default when its caller sets none: on create that default is left to the
    server to derive as well, as when a binary CreateTopic leaves the key out (the value is the same either way)."""
    given: dict[str, str] = {}
    compression = args.enum("compression_algorithm", CompressionAlgorithm, None)
    if compression is not None and not (creating and compression.name.lower() == _DEFAULT_COMPRESSION):
        given["compression_algorithm"] = compression.name.lower()
    for name in ("message_expiry", "max_topic_size"):
        value = args.unsigned(name, U64_MAX, 0)
        if value:
            given[name] = str(value)
    return given


def create_topic(args: RouteArgs) -> tuple[rq.CreateTopic, ProtocolVersion]:
    """0.8's body, or (with a non-empty ``options`` map, as the 0.9 clients send) 0.9's: then the request runs as
    a 0.9 CreateTopic, whose options the server checks against its catalog (an unknown key answers 4041)."""
    stream = args.identifier("stream_id")
    options = options_map(args)
    if options:
        block = _options_block(_topic_settings_as_options(args, creating=True) | options)
        name, partitions = args.string("name"), args.unsigned("partitions_count", U32_MAX)
        return rq.CreateTopic(stream_id=stream, partitions_count=partitions, name=name, options=block), V0_9
    return rq.CreateTopic(stream_id=stream, partitions_count=args.unsigned("partitions_count", U32_MAX),
                          **_topic_settings_v08(args), name=args.string("name")), V0_8


def _topic_settings_v08(args: RouteArgs) -> dict[str, Any]:
    return {
        "compression_algorithm": args.enum("compression_algorithm", CompressionAlgorithm, CompressionAlgorithm.NONE),
        "message_expiry": args.unsigned("message_expiry", U64_MAX, 0),
        "max_topic_size": args.unsigned("max_topic_size", U64_MAX, 0),
        "replication_factor": args.unsigned("replication_factor", 0xFF, 0),
    }


def update_topic(args: RouteArgs) -> tuple[rq.UpdateTopic, ProtocolVersion]:
    """0.8's body replaces every setting; 0.9's (an ``options`` map, or a setting left out or null) patches: what
    it leaves out keeps its value."""
    stream, topic = args.identifier("stream_id"), args.identifier("topic_id")
    options = options_map(args)
    if options or any(args.raw(name) is None for name in _TOPIC_SETTINGS):
        block = _options_block(_topic_settings_as_options(args) | options)
        return rq.UpdateTopic(stream_id=stream, topic_id=topic, name=args.string("name"), options=block), V0_9
    return rq.UpdateTopic(stream_id=stream, topic_id=topic, **_topic_settings_v08(args), name=args.string("name")), V0_8


def permissions(value: Any) -> Permissions | None:
    """Iggy's permissions JSON (null = none); unknown flags are ignored, as serde does."""
    if value is None:
        return None
    if not isinstance(value, dict):
        raise invalid("field 'permissions' must be an object or null")
    global_json = field(value, "global", dict)
    streams_json = field(value, "streams", dict, {})
    streams: dict[int, StreamPermissions] = {}
    for stream_key, stream_json in streams_json.items():
        topics: dict[int, TopicPermissions] = {}
        for topic_key, topic_json in (field(stream_json, "topics", dict, {}) or {}).items():
            flags = {k: field(topic_json, k, bool, False) for k in _TOPIC_FIELDS}
            topics[_map_key(topic_key)] = TopicPermissions(**flags)
        flags = {k: field(stream_json, k, bool, False) for k in _STREAM_FIELDS}
        streams[_map_key(stream_key)] = StreamPermissions(**flags, topics=topics)
    global_flags = GlobalPermissions(**{k: field(global_json, k, bool, False) for k in _GLOBAL_FIELDS})
    return Permissions(global_flags, streams)


def _map_key(text: str) -> int:
    if not (text.isascii() and text.isdigit()) or int(text) > U32_MAX:
        raise invalid(f"permission map key {text!r} must be a numeric id")
    return int(text)


def create_user(args: RouteArgs) -> tuple[rq.CreateUser, ProtocolVersion]:
    """With a non-empty 0.9 ``options`` map the request runs as 0.9's (users have no option keys: 4041)."""
    options = options_map(args)
    request = rq.CreateUser(
        username=args.string("username"),
        password=args.string("password"),
        status=args.enum("status", UserStatus, UserStatus.ACTIVE),
        permissions=permissions(args.raw("permissions")),
        options=_options_block(options),
    )
    return request, V0_9 if options else V0_8


def update_user(args: RouteArgs) -> tuple[rq.UpdateUser, ProtocolVersion]:
    options = options_map(args)
    request = rq.UpdateUser(args.identifier("user_id"), args.string("username", None),
                            args.enum("status", UserStatus, None), options=_options_block(options))
    return request, V0_9 if options else V0_8


def stream_request(request_type: Any, args: RouteArgs, *identifiers: Identifier) -> tuple[Any, ProtocolVersion]:
    """CreateStream / UpdateStream from ``{"name", "options"?}`` (streams have no option keys in 0.9: 4041)."""
    options = options_map(args)
    request = request_type(*identifiers, args.string("name"), options=_options_block(options))
    return request, V0_9 if options else V0_8


def confirmations_json(body: bytes) -> dict[str, Any]:
    """A SendMessages confirmation (count u32, then stream, topic, partition u32 and base offset u64 each) as
    Iggy 0.9's JSON."""
    (count,) = struct.unpack_from("<I", body, 0)
    entries = [struct.unpack_from("<IIIQ", body, 4 + 20 * i) for i in range(count)]
    return {"confirmations": [{"stream_id": s, "topic_id": t, "partition_id": p, "base_offset": o}
                              for s, t, p, o in entries]}


def option_specs_json(catalog: Any) -> list[dict[str, Any]]:
    """DescribeOptions' catalog as Iggy 0.9's HTTP API answers it (OptionSpec JSON)."""
    return [
        {"key": entry.key, "kind": HeaderKind(entry.kind).name.lower(), "default_value": list(entry.default_value),
         "description": entry.description}
        for entry in catalog.entries
    ]


def option_scope(args: RouteArgs) -> OptionScope:
    """DescribeOptions' scope by its lower-case name (topic, stream, user)."""
    text = args.string("scope")
    scopes = {scope.name.lower(): scope for scope in OptionScope}
    if text not in scopes:
        raise IggyError(ErrorCode.INVALID_COMMAND, f"unknown option scope {text!r}")
    return scopes[text]


def snapshot_request(args: RouteArgs) -> rq.GetSnapshot:
    """``{"compression":"Deflated","snapshot_types":["All"]}`` (PascalCase, as Iggy's serde names)."""
    compression_text = args.json("compression", str, "Deflated")
    types_json = args.json("snapshot_types", list, ["All"])
    try:
        compression = SnapshotCompression[compression_text.upper()]
        names = {t.name.replace("_", ""): t for t in SnapshotType}
        types = tuple(names[str(name).upper().replace("_", "")] for name in types_json)
    except (KeyError, AttributeError):
        raise invalid(f"unknown snapshot compression or type in {compression_text!r}, {types_json!r}") from None
    return rq.GetSnapshot(compression, types)


def send_messages_payload(args: RouteArgs, body: bytes) -> bytes:
    """A SendMessages JSON body as the 0.8 command's payload: the stream and topic from the path, the messages
    converted natively (``server/src/http_json.rs``: the JSON forms, and every refusal with its Iggy code)."""
    stream, topic = args.identifier("stream_id"), args.identifier("topic_id")
    try:
        kind, value, count, index_and_frames = http_send_batch(body)
    except NativeError as error:
        raise IggyError(error.code, error.message) from None
    metadata = encode_send_messages_metadata(stream, topic, Partitioning(PartitioningKind(kind), value), count)
    return b"".join((metadata, index_and_frames))


def plain_consumer(args: RouteArgs) -> Consumer:
    """The consumer of an offset or a poll: HTTP carries only its id, 1 when left out (a group cannot be named)."""
    return Consumer.consumer(args.identifier("consumer.id", "1"))


def poll_messages(args: RouteArgs) -> rq.PollMessages:
    """Iggy's defaults for what the query leaves out: consumer 1, offset 0, 10 messages, no auto commit."""
    kind_text = (args.raw("strategy.kind") or "offset").lower()
    if kind_text not in _POLLING_KINDS:
        raise invalid(f"query parameter '{args.name('strategy.kind')}' must be offset, timestamp, first, last or "
                      f"next, got {kind_text!r}")
    return rq.PollMessages(
        consumer=plain_consumer(args),
        stream_id=args.identifier("stream_id"),
        topic_id=args.identifier("topic_id"),
        partition_id=args.unsigned("partition_id", U32_MAX, None),
        strategy=PollingStrategy(_POLLING_KINDS[kind_text], args.unsigned("strategy.value", U64_MAX, 0)),
        count=args.unsigned("count", U32_MAX, 10),
        auto_commit=args.boolean("auto_commit", False),
    )


def flush_fsync(args: RouteArgs) -> bool:
    """The 0.8 route's fsync segment is ``true|false``; the 0.10 Rust SDK sends ``fsync=true`` in it (and both
    again in the query), so both spellings are accepted."""
    name = args.name("fsync")
    return _parameter_bool(args.raw("fsync").removeprefix(f"{name}="), f"path parameter '{name}'", False)


# ====================================================================== outbound


def size(value: int) -> str:
    return f"{value} B"


def options_json(explicit: bytes, derived: bytes = b"") -> dict[str, dict[str, Any]]:
    """Iggy 0.9's ``"options"`` of a topic, stream or user: every key, in key order, with its value in text form and
    whether the client set it (``explicit``) or the server derived it. Streams and users have no keys in 0.9."""
    rendered = {option.key: {"value": option_text(option), "explicit": False} for option in parse_block(derived)}
    rendered |= {option.key: {"value": option_text(option), "explicit": True} for option in parse_block(explicit)}
    return dict(sorted(rendered.items()))


def stream_json(stream: Any) -> dict[str, Any]:
    return {
        "id": stream.id,
        "created_at": stream.created_at_us,
        "name": stream.name,
        "size": size(stream.size_bytes),
        "messages_count": stream.messages_count,
        "topics_count": stream.topics_count,
        "options": options_json(stream.options),
    }


def stream_details_json(stream: Any) -> dict[str, Any]:
    return stream_json(stream) | {"topics": [topic_json(topic) for topic in stream.topics]}


def topic_json(topic: Any) -> dict[str, Any]:
    """0.8's fields and 0.9's ``options``: ``topic`` needs both its replication factor and its option blocks,
    which no single wire version carries (the HTTP layer completes the decoded reply)."""
    return {
        "id": topic.id,
        "created_at": topic.created_at_us,
        "name": topic.name,
        "size": size(topic.size_bytes),
        "message_expiry": topic.message_expiry_us,
        "compression_algorithm": _enum_name(CompressionAlgorithm, topic.compression_algorithm),
        "max_topic_size": topic.max_topic_size_bytes,
        "replication_factor": topic.replication_factor,
        "messages_count": topic.messages_count,
        "partitions_count": topic.partitions_count,
        "options": options_json(topic.options, topic.derived_options),
    }


def topic_details_json(topic: Any) -> dict[str, Any]:
    partitions = [
        {
            "id": partition.id,
            "created_at": partition.created_at_us,
            "segments_count": partition.segments_count,
            "current_offset": partition.current_offset,
            "size": size(partition.size_bytes),
            "messages_count": partition.messages_count,
        }
        for partition in topic.partitions
    ]
    return topic_json(topic) | {"partitions": partitions}


def _enum_name(enum: Any, value: int) -> str:
    try:
        return enum(value).name.lower()
    except ValueError:
        return str(value)


def group_json(group: Any) -> dict[str, Any]:
    return {
        "id": group.id,
        "name": group.name,
        "partitions_count": group.partitions_count,
        "members_count": group.members_count,
    }


def group_details_json(group: Any) -> dict[str, Any]:
    members = [
        {
            "id": member.member_id,
            "partitions_count": len(member.partition_ids),
            "partitions": list(member.partition_ids),
        }
        for member in group.members
    ]
    return group_json(group) | {"members": members}


def fields_json(answer: Any) -> Any:
    """A route's ``fields`` answer (commands.toml): the response's fields by name, plain values all (the spec loader
    refuses any other); a list answer, a JSON array of them."""
    if isinstance(answer, list):
        return [fields_json(item) for item in answer]
    return {name: getattr(answer, name) for name in answer.PUBLIC_NAMES}


def user_json(user: Any) -> dict[str, Any]:
    return {
        "id": user.id,
        "created_at": user.created_at_us,
        "status": _enum_name(UserStatus, user.status),
        "username": user.username,
        "options": options_json(user.options),
    }


def permissions_json(value: Permissions | None) -> dict[str, Any] | None:
    if value is None:
        return None
    streams = {
        str(stream_id): {k: getattr(stream, k) for k in _STREAM_FIELDS}
        | {
            "topics": {str(tid): {k: getattr(t, k) for k in _TOPIC_FIELDS} for tid, t in stream.topics.items()}
            or None
        }
        for stream_id, stream in value.streams.items()
    }
    return {
        "global": {k: getattr(value.global_permissions, k) for k in _GLOBAL_FIELDS},
        "streams": streams or None,
    }


def user_details_json(user: Any) -> dict[str, Any]:
    return user_json(user) | {"permissions": permissions_json(user.permissions)}


def identity_json(user_id: int, token: str, expiry_s: int) -> dict[str, Any]:
    return {"user_id": user_id, "access_token": {"token": token, "expiry": expiry_s}}


def token_info_json(token: Any) -> dict[str, Any]:
    never = token.expiry_at_us in (0, U64_MAX)
    return {"name": token.name, "expiry_at": None if never else token.expiry_at_us}


def client_json(client: Any) -> dict[str, Any]:
    return {
        "client_id": client.client_id,
        "user_id": None if client.user_id == U32_MAX else client.user_id,
        "address": client.address,
        "transport": _TRANSPORT_NAMES.get(client.transport, str(client.transport)),
        "consumer_groups_count": client.consumer_groups_count,
    }


def client_details_json(client: Any) -> dict[str, Any]:
    groups = [
        {"stream_id": g.stream_id, "topic_id": g.topic_id, "group_id": g.group_id} for g in client.consumer_groups
    ]
    return client_json(client) | {"consumer_groups": groups}


def stats_json(stats: Any) -> dict[str, Any]:
    cache = {
        f"{m.stream_id}-{m.topic_id}-{m.partition_id}": {"hits": m.hits, "misses": m.misses, "hit_ratio": m.hit_ratio}
        for m in stats.cache_metrics
    }
    return {
        "process_id": stats.process_id,
        "cpu_usage": stats.cpu_usage,
        "total_cpu_usage": stats.total_cpu_usage,
        "memory_usage": size(stats.memory_usage_bytes),
        "total_memory": size(stats.total_memory_bytes),
        "available_memory": size(stats.available_memory_bytes),
        "run_time": stats.run_time_us,
        "start_time": stats.start_time_us,
        "read_bytes": size(stats.read_bytes),
        "written_bytes": size(stats.written_bytes),
        "messages_size_bytes": size(stats.messages_size_bytes),
        "streams_count": stats.streams_count,
        "topics_count": stats.topics_count,
        "partitions_count": stats.partitions_count,
        "segments_count": stats.segments_count,
        "messages_count": stats.messages_count,
        "clients_count": stats.clients_count,
        "consumer_groups_count": stats.consumer_groups_count,
        "hostname": stats.hostname,
        "os_name": stats.os_name,
        "os_version": stats.os_version,
        "kernel_version": stats.kernel_version,
        "iggy_server_version": stats.iggy_server_version,
        "iggy_server_semver": stats.iggy_server_semver or None,
        "cache_metrics": cache,
        "threads_count": stats.threads_count,
        "free_disk_space": size(stats.free_disk_space_bytes),
        "total_disk_space": size(stats.total_disk_space_bytes),
    }


def cluster_json(metadata: Any) -> dict[str, Any]:
    nodes = [
        {
            "name": node.name,
            "ip": node.ip,
            "endpoints": {
                "tcp": node.tcp_port,
                "quic": node.quic_port,
                "http": node.http_port,
                "websocket": node.websocket_port,
            },
            "role": "leader" if node.role == 0 else "follower",
            "status": "healthy" if node.status == 0 else "unhealthy",
        }
        for node in metadata.nodes
    ]
    return {"name": metadata.name, "nodes": nodes}


def polled_json(body: bytes | memoryview) -> bytes:
    """A 0.8 PollMessages answer as Iggy's JSON text, converted natively (``server/src/http_json.rs``); an empty
    answer (nothing to read) as Iggy's empty poll."""
    if not body:
        return EMPTY_POLL_JSON
    partition_id, current_offset, count = _POLL_PREFIX.unpack_from(body, 0)
    try:
        # The conversion releases the GIL, so it reads immutable bytes (a lone part may be a view of a map).
        return http_poll_json(partition_id, current_offset, count, body if type(body) is bytes else bytes(body))
    except NativeError as error:
        raise IggyError(error.code, error.message) from None
