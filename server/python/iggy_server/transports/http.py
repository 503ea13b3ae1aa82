"""Iggy 0.8's HTTP REST API on aiohttp: routes → codec request → shared command entry → Iggy's JSON.

Every route builds the binary request of its command (``rest_mapping``), runs it through
:func:`iggy_server.transports.execute.execute` — the TCP handlers — and renders the decoded response as
Iggy's JSON, one API for 0.8's and 0.9's clients: a topic's JSON carries both versions' fields
(:meth:`Api.complete_topic`). Stateless: the bearer JWT names the user of a per-request session (client id 0,
transport HTTP), so offsets and permissions behave as Iggy's HTTP server does. Errors are Iggy's error JSON
(``{"id","code","reason","field"}``) with 404 for *NotFound codes, 401 for authentication failures (empty
body, as Iggy), 403 Unauthorized, 400 otherwise, 413 for bodies above ``http.max_request_size_bytes``.
"""

from __future__ import annotations

import dataclasses
import json
import ssl
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web
from iggy.protocol import requests as rq
from iggy.protocol.codes import ErrorCode, OptionScope, ProtocolVersion, Transport
from iggy.protocol.responses import decode_response_body

from ..audit import LogRateLimit, log_refused
from ..errors import IggyError
from ..handlers._common import topic_option_blocks
from ..session import Session
from . import rest_mapping as rm
from .execute import execute
from .jwt_tokens import JwtManager
from .metrics import CONTENT_TYPE, METRICS
from .certificates import server_tls_context

__all__ = ["HttpListener"]


TRANSPORT = "http"
PUBLIC_PATHS = frozenset(
    {"/", "/ping", "/health", "/ready", "/users/login", "/users/refresh-token", "/personal-access-tokens/login"}
)
# Status and "field" per error code, as Iggy 0.8's http/error.rs maps them (every other code: 400, null).
_UNAUTHENTICATED = frozenset({ErrorCode.UNAUTHENTICATED, ErrorCode.ACCESS_TOKEN_MISSING, ErrorCode.INVALID_ACCESS_TOKEN,
                              ErrorCode.INVALID_PERSONAL_ACCESS_TOKEN})
_NOT_FOUND = frozenset({
    ErrorCode.STREAM_ID_NOT_FOUND, ErrorCode.TOPIC_ID_NOT_FOUND, ErrorCode.PARTITION_NOT_FOUND,
    ErrorCode.SEGMENT_NOT_FOUND, ErrorCode.CLIENT_NOT_FOUND, ErrorCode.CONSUMER_GROUP_ID_NOT_FOUND,
    ErrorCode.CONSUMER_GROUP_NAME_NOT_FOUND, ErrorCode.CONSUMER_GROUP_MEMBER_NOT_FOUND,
    ErrorCode.CONSUMER_OFFSET_NOT_FOUND, ErrorCode.RESOURCE_NOT_FOUND,
})
_FIELDS = {
    ErrorCode.STREAM_ID_NOT_FOUND: "stream_id", ErrorCode.TOPIC_ID_NOT_FOUND: "topic_id",
    ErrorCode.PARTITION_NOT_FOUND: "partition_id", ErrorCode.SEGMENT_NOT_FOUND: "segment_id",
    ErrorCode.CLIENT_NOT_FOUND: "client_id", ErrorCode.INVALID_STREAM_NAME: "name",
    ErrorCode.STREAM_NAME_ALREADY_EXISTS: "name", ErrorCode.INVALID_TOPIC_NAME: "name",
    ErrorCode.TOPIC_NAME_ALREADY_EXISTS: "name", ErrorCode.INVALID_STREAM_ID: "stream_id",
    ErrorCode.INVALID_TOPIC_ID: "topic_id", ErrorCode.INVALID_OFFSET: "offset",
    ErrorCode.INVALID_CONSUMER_GROUP_ID: "consumer_group_id", ErrorCode.CONSUMER_GROUP_NAME_ALREADY_EXISTS: "name",
    ErrorCode.USER_ALREADY_EXISTS: "username", ErrorCode.PERSONAL_ACCESS_TOKEN_ALREADY_EXISTS: "name",
}
_NOT_FOUND_JSON = {"id": 404, "code": "not_found", "reason": "Resource not found", "field": None}
_CLAIMS = "iggy_claims"
T = "/streams/{stream_id}/topics/{topic_id}"


def http_status(code: int) -> int:
    if code in _UNAUTHENTICATED:
        return 401
    if code == ErrorCode.UNAUTHORIZED:
        return 403
    return 404 if code in _NOT_FOUND else 400


def error_response(error: IggyError, status: int | None = None) -> web.Response:
    try:
        name = ErrorCode(error.code).name.lower()
    except ValueError:
        name = "error"
    body = {"id": error.code, "code": name, "reason": error.message, "field": _FIELDS.get(error.code)}
    return web.json_response(body, status=status or http_status(error.code))


class Api:
    """The route handlers; one instance per listener."""

    def __init__(self, ctx: Any, jwt: JwtManager) -> None:
        self.ctx = ctx
        self.jwt = jwt

    # ------------------------------------------------------------------ plumbing

    def _session(self, request: web.Request, user_id: int | None) -> Session:
        return Session(client_id=0, address=_peer(request), transport_kind=Transport.HTTP, user_id=user_id)

    async def run(
        self, request: web.Request, model: rq.Request, user_id: int | None = -1,
        version: ProtocolVersion = ProtocolVersion.V0_8,
    ) -> Any:
        """Execute ``model`` as the token's user, in ``version`` (a 0.9 body, such as one with options, runs as
        0.9's command); the decoded response (None for an empty body)."""
        if user_id == -1:
            user_id = request[_CLAIMS].user_id
        session = self._session(request, user_id)
        session.protocol = version
        reply = await execute(self.ctx, session, int(model.CODE), model.encode(version), TRANSPORT)
        if reply.status:
            raise _RefusedByExecute(reply.status, reply.message)
        body = reply.body[0] if len(reply.body) == 1 else b"".join(reply.body)
        return decode_response_body(int(model.CODE), body, version)

    async def body(self, request: web.Request) -> Any:
        raw = await request.read()
        try:
            return json.loads(raw) if raw else {}
        except (UnicodeDecodeError, json.JSONDecodeError) as error:
            raise IggyError(ErrorCode.INVALID_HTTP_REQUEST, f"malformed JSON body: {error}") from None

    @staticmethod
    def stream(request: web.Request) -> Any:
        return rm.identifier(request.match_info["stream_id"], "stream")

    @staticmethod
    def topic(request: web.Request) -> Any:
        return rm.identifier(request.match_info["topic_id"], "topic")

    def complete_topic(self, stream_key: int | str, topic: Any) -> Any:
        """A decoded TopicHeader or TopicDetails with what its wire version leaves out, from the topic as stored: a
        0.8 reply has no option blocks, a 0.9 one no replication factor, and the JSON carries both (0.9's clients
        read ``options``, 0.8's require ``replication_factor``). Running the command in both versions would count
        and audit one request twice; this read is no command (the one that answered checked the permission), and
        no await separates it from that command's end, so it sees the topic the reply describes."""
        metadata = self.ctx.metadata
        stored = metadata.topic(metadata.stream(stream_key), topic.id)
        explicit, derived = topic_option_blocks(metadata, stored)
        return dataclasses.replace(
            topic, replication_factor=stored.replication_factor, options=explicit, derived_options=derived
        )

    def complete_stream(self, stream: Any) -> Any:
        """A decoded StreamDetails whose topics are completed (:meth:`complete_topic`)."""
        return dataclasses.replace(stream, topics=tuple(self.complete_topic(stream.id, t) for t in stream.topics))

    @staticmethod
    def found(value: Any, render: Callable[[Any], Any]) -> web.Response:
        if value is None:
            return web.json_response(_NOT_FOUND_JSON, status=404)
        return web.json_response(render(value))

    # ------------------------------------------------------------------ system

    async def root(self, request: web.Request) -> web.Response:
        return web.Response(text="Iggy API")

    async def ping(self, request: web.Request) -> web.Response:
        return web.Response(text="pong")

    async def health(self, request: web.Request) -> web.Response:
        """Liveness: the event loop answers (no token, nothing else checked)."""
        return web.json_response({"status": "healthy"})

    async def ready(self, request: web.Request) -> web.Response:
        """Readiness: the data directory is open (this answer needs the server built on it) and every listener
        is up; 503 while starting or shutting down."""
        ctx = self.ctx
        ready = ctx.listening and not ctx.shutting_down
        body = {
            "status": "ready" if ready else "not_ready",
            "storage": "open",
            "listeners": "up" if ctx.listening else "starting" if not ctx.shutting_down else "stopping",
        }
        return web.json_response(body, status=200 if ready else 503)

    async def stats(self, request: web.Request) -> web.Response:
        return web.json_response(rm.stats_json(await self.run(request, rq.GetStats())))

    async def options(self, request: web.Request) -> web.Response:
        """Iggy 0.9's ``GET /options/{scope}``: the option catalog of topic, stream or user."""
        scopes = {scope.name.lower(): scope for scope in OptionScope}
        scope = scopes.get(request.match_info["scope"])
        if scope is None:
            raise IggyError(ErrorCode.INVALID_COMMAND, f"unknown option scope {request.match_info['scope']!r}")
        catalog = await self.run(request, rq.DescribeOptions(scope), version=ProtocolVersion.V0_9)
        return web.json_response(rm.option_specs_json(catalog))

    async def cluster(self, request: web.Request) -> web.Response:
        return web.json_response(rm.cluster_json(await self.run(request, rq.GetClusterMetadata())))

    async def clients(self, request: web.Request) -> web.Response:
        return web.json_response([rm.client_json(c) for c in await self.run(request, rq.GetClients())])

    async def client(self, request: web.Request) -> web.Response:
        client_id = rm.query_int(request.match_info, "client_id", rm.U32_MAX, None)
        return self.found(await self.run(request, rq.GetClient(client_id)), rm.client_details_json)

    async def snapshot(self, request: web.Request) -> web.Response:
        snapshot = await self.run(request, rm.snapshot_request(await self.body(request)))
        return web.Response(body=snapshot.data, content_type="application/zip")

    # ------------------------------------------------------------------ users and tokens

    async def login(self, request: web.Request) -> web.Response:
        body = await self.body(request)
        model = rq.LoginUser(
            rm.field(body, "username", str), rm.field(body, "password", str),
            rm.field(body, "version", str, ""), rm.field(body, "context", str, ""),
        )
        identity = await self.run(request, model, user_id=None)
        return self._identity(identity.user_id)

    async def login_pat(self, request: web.Request) -> web.Response:
        body = await self.body(request)
        identity = await self.run(request, rq.LoginWithPersonalAccessToken(rm.field(body, "token", str)), user_id=None)
        return self._identity(identity.user_id)

    def _identity(self, user_id: int) -> web.Response:
        token, expiry_s = self.jwt.issue(user_id)
        return web.json_response(rm.identity_json(user_id, token, expiry_s))

    async def refresh(self, request: web.Request) -> web.Response:
        claims = self.jwt.verify(rm.field(await self.body(request), "token", str))
        self.jwt.revoke(claims)  # one refresh per token
        return self._identity(claims.user_id)

    async def logout(self, request: web.Request) -> web.Response:
        self.jwt.revoke(request[_CLAIMS])
        return web.Response(status=204)

    async def users(self, request: web.Request) -> web.Response:
        return web.json_response([rm.user_json(u) for u in await self.run(request, rq.GetUsers())])

    async def create_user(self, request: web.Request) -> web.Response:
        model, version = rm.create_user(await self.body(request))
        user = await self.run(request, model, version=version)
        return web.json_response(rm.user_details_json(user))

    def user_id(self, request: web.Request) -> Any:
        return rm.identifier(request.match_info["user_id"], "user")

    async def user(self, request: web.Request) -> web.Response:
        return self.found(await self.run(request, rq.GetUser(self.user_id(request))), rm.user_details_json)

    async def update_user(self, request: web.Request) -> web.Response:
        model, version = rm.update_user(self.user_id(request), await self.body(request))
        await self.run(request, model, version=version)
        return web.Response(status=204)

    async def delete_user(self, request: web.Request) -> web.Response:
        await self.run(request, rq.DeleteUser(self.user_id(request)))
        return web.Response(status=204)

    async def update_permissions(self, request: web.Request) -> web.Response:
        body = await self.body(request)
        if not isinstance(body, dict):
            raise rm.invalid("the request body must be a JSON object")
        await self.run(request, rq.UpdatePermissions(self.user_id(request), rm.permissions(body.get("permissions"))))
        return web.Response(status=204)

    async def change_password(self, request: web.Request) -> web.Response:
        body = await self.body(request)
        model = rq.ChangePassword(
            self.user_id(request), rm.field(body, "current_password", str), rm.field(body, "new_password", str)
        )
        await self.run(request, model)
        return web.Response(status=204)

    async def tokens(self, request: web.Request) -> web.Response:
        return web.json_response([rm.token_info_json(t) for t in await self.run(request, rq.GetPersonalAccessTokens())])

    async def create_token(self, request: web.Request) -> web.Response:
        body = await self.body(request)
        model = rq.CreatePersonalAccessToken(rm.field(body, "name", str), rm.unsigned(body, "expiry", rm.U64_MAX, 0))
        return web.json_response({"token": (await self.run(request, model)).token})

    async def delete_token(self, request: web.Request) -> web.Response:
        await self.run(request, rq.DeletePersonalAccessToken(request.match_info["name"]))
        return web.Response(status=204)

    # ------------------------------------------------------------------ streams and topics

    async def streams(self, request: web.Request) -> web.Response:
        return web.json_response([rm.stream_json(s) for s in await self.run(request, rq.GetStreams())])

    async def create_stream(self, request: web.Request) -> web.Response:
        model, version = rm.stream_request(rq.CreateStream, body=await self.body(request))
        created = await self.run(request, model, version=version)
        return web.json_response(rm.stream_json(created) | {"topics": []})

    async def get_stream(self, request: web.Request) -> web.Response:
        stream = await self.run(request, rq.GetStream(self.stream(request)))
        return self.found(stream, lambda found: rm.stream_details_json(self.complete_stream(found)))

    async def update_stream(self, request: web.Request) -> web.Response:
        model, version = rm.stream_request(rq.UpdateStream, self.stream(request), body=await self.body(request))
        await self.run(request, model, version=version)
        return web.Response(status=204)

    async def delete_stream(self, request: web.Request) -> web.Response:
        await self.run(request, rq.DeleteStream(self.stream(request)))
        return web.Response(status=204)

    async def purge_stream(self, request: web.Request) -> web.Response:
        await self.run(request, rq.PurgeStream(self.stream(request)))
        return web.Response(status=204)

    async def topics(self, request: web.Request) -> web.Response:
        stream = self.stream(request)
        topics = await self.run(request, rq.GetTopics(stream))
        return web.json_response([rm.topic_json(self.complete_topic(stream.value, t)) for t in topics])

    async def create_topic(self, request: web.Request) -> web.Response:
        stream = self.stream(request)
        model, version = rm.create_topic(stream, await self.body(request))
        created = await self.run(request, model, version=version)
        return web.json_response(rm.topic_details_json(self.complete_topic(stream.value, created)))

    async def get_topic(self, request: web.Request) -> web.Response:
        stream = self.stream(request)
        topic = await self.run(request, rq.GetTopic(stream, self.topic(request)))
        return self.found(topic, lambda found: rm.topic_details_json(self.complete_topic(stream.value, found)))

    async def update_topic(self, request: web.Request) -> web.Response:
        model, version = rm.update_topic(self.stream(request), self.topic(request), await self.body(request))
        await self.run(request, model, version=version)
        return web.Response(status=204)

    async def delete_topic(self, request: web.Request) -> web.Response:
        await self.run(request, rq.DeleteTopic(self.stream(request), self.topic(request)))
        return web.Response(status=204)

    async def purge_topic(self, request: web.Request) -> web.Response:
        await self.run(request, rq.PurgeTopic(self.stream(request), self.topic(request)))
        return web.Response(status=204)

    # ------------------------------------------------------------------ partitions and segments

    async def create_partitions(self, request: web.Request) -> web.Response:
        count = rm.unsigned(await self.body(request), "partitions_count", rm.U32_MAX)
        await self.run(request, rq.CreatePartitions(self.stream(request), self.topic(request), count))
        return web.Response(status=201)

    async def delete_partitions(self, request: web.Request) -> web.Response:
        count = rm.query_int(request.query, "partitions_count", rm.U32_MAX, None)
        if count is None:
            raise rm.invalid("query parameter 'partitions_count' is required")
        await self.run(request, rq.DeletePartitions(self.stream(request), self.topic(request), count))
        return web.Response(status=204)

    async def delete_segments(self, request: web.Request) -> web.Response:
        partition_id = rm.query_int(request.match_info, "partition_id", rm.U32_MAX, None)
        count = rm.query_int(request.query, "segments_count", rm.U32_MAX, None)
        if count is None:
            raise rm.invalid("query parameter 'segments_count' is required")
        await self.run(request, rq.DeleteSegments(self.stream(request), self.topic(request), partition_id, count))
        return web.Response(status=204)

    # ------------------------------------------------------------------ consumer groups and offsets

    def group(self, request: web.Request) -> Any:
        return rm.identifier(request.match_info["group_id"], "consumer group")

    async def groups(self, request: web.Request) -> web.Response:
        groups = await self.run(request, rq.GetConsumerGroups(self.stream(request), self.topic(request)))
        return web.json_response([rm.group_json(g) for g in groups])

    async def create_group(self, request: web.Request) -> web.Response:
        stream, topic = self.stream(request), self.topic(request)
        created = await self.run(request, rq.CreateConsumerGroup(stream, topic, rm.name_body(await self.body(request))))
        return web.json_response(rm.group_json(created) | {"members": []}, status=201)

    async def get_group(self, request: web.Request) -> web.Response:
        model = rq.GetConsumerGroup(self.stream(request), self.topic(request), self.group(request))
        return self.found(await self.run(request, model), rm.group_details_json)

    async def delete_group(self, request: web.Request) -> web.Response:
        await self.run(request, rq.DeleteConsumerGroup(self.stream(request), self.topic(request), self.group(request)))
        return web.Response(status=204)

    async def get_offset(self, request: web.Request) -> web.Response:
        consumer = rm.Consumer.consumer(rm.identifier(request.query.get("consumer_id") or "1", "consumer"))
        partition_id = rm.query_int(request.query, "partition_id", rm.U32_MAX, None)
        model = rq.GetConsumerOffset(consumer, self.stream(request), self.topic(request), partition_id)
        return self.found(await self.run(request, model), rm.offset_json)

    async def store_offset(self, request: web.Request) -> web.Response:
        body = await self.body(request)
        consumer_id = rm.field(body, "consumer_id", (int, str), 1)
        consumer = rm.Consumer.consumer(rm.identifier(str(consumer_id), "consumer"))
        partition_id = rm.unsigned(body, "partition_id", rm.U32_MAX, None)
        offset = rm.unsigned(body, "offset", rm.U64_MAX)
        model = rq.StoreConsumerOffset(consumer, self.stream(request), self.topic(request), partition_id, offset)
        await self.run(request, model)
        return web.Response(status=204)

    async def delete_offset(self, request: web.Request) -> web.Response:
        consumer = rm.Consumer.consumer(rm.identifier(request.match_info["consumer_id"], "consumer"))
        partition_id = rm.query_int(request.query, "partition_id", rm.U32_MAX, None)
        model = rq.DeleteConsumerOffset(consumer, self.stream(request), self.topic(request), partition_id)
        await self.run(request, model)
        return web.Response(status=204)

    # ------------------------------------------------------------------ messages

    async def send(self, request: web.Request) -> web.Response:
        """201 with Iggy 0.9's JSON confirmation (0.8 clients ignore the body) and its durability header."""
        model, _ = rm.send_messages(self.stream(request), self.topic(request), await self.body(request))
        session = self._session(request, request[_CLAIMS].user_id)
        session.confirm_sends = True
        reply = await execute(self.ctx, session, int(model.CODE), model.encode(), TRANSPORT)
        if reply.status:
            raise _RefusedByExecute(reply.status, reply.message)
        confirmation = rm.confirmations_json(b"".join(reply.body))
        return web.json_response(confirmation, status=201, headers={"iggy-durability": "replicated"})

    async def poll(self, request: web.Request) -> web.Response:
        polled = await self.run(request, rm.poll_messages(self.stream(request), self.topic(request), request.query))
        if polled is None:
            return web.json_response({"partition_id": 0, "current_offset": 0, "count": 0, "messages": []})
        return web.json_response(rm.polled_json(polled))

    async def flush(self, request: web.Request) -> web.Response:
        """``…/flush/{partition_id}/{fsync}``: the 0.8 route wants ``true|false``; the 0.10 Rust SDK sends
        ``fsync=true`` in that segment (and both again in the query), so both spellings are accepted."""
        partition_id = rm.query_int(request.match_info, "partition_id", rm.U32_MAX, None)
        fsync_text = request.match_info["fsync"].removeprefix("fsync=")
        fsync = rm.query_bool({"fsync": fsync_text}, "fsync", False)
        await self.run(request, rq.FlushUnsavedBuffer(self.stream(request), self.topic(request), partition_id, fsync))
        return web.Response(status=200)

    async def metrics(self, request: web.Request) -> web.Response:
        return web.Response(body=METRICS.render(), headers={"Content-Type": CONTENT_TYPE})


def build_app(ctx: Any, jwt: JwtManager) -> web.Application:
    config = ctx.config.http
    api = Api(ctx, jwt)
    max_request_bytes = config.max_request_size_bytes
    public = set(PUBLIC_PATHS)
    if config.metrics.enabled:
        public.add(config.metrics.endpoint)
    app = web.Application(
        client_max_size=max_request_bytes,
        middlewares=[
            _cors_middleware(config.cors),
            _error_middleware(ctx.log_limit),
            _auth_middleware(jwt, frozenset(public), ctx.log_limit),
        ],
    )
    route = app.router
    route.add_get("/", api.root)
    route.add_get("/ping", api.ping)
    route.add_get("/health", api.health)
    route.add_get("/ready", api.ready)
    if config.metrics.enabled:
        route.add_get(config.metrics.endpoint, api.metrics)
    route.add_get("/stats", api.stats)
    route.add_get("/cluster/metadata", api.cluster)
    route.add_get("/options/{scope}", api.options)
    route.add_get("/clients", api.clients)
    route.add_get("/clients/{client_id}", api.client)
    route.add_post("/snapshot", api.snapshot)
    route.add_post("/users/login", api.login)
    route.add_post("/users/refresh-token", api.refresh)
    route.add_delete("/users/logout", api.logout)
    route.add_get("/users", api.users)
    route.add_post("/users", api.create_user)
    route.add_get("/users/{user_id}", api.user)
    route.add_put("/users/{user_id}", api.update_user)
    route.add_delete("/users/{user_id}", api.delete_user)
    route.add_put("/users/{user_id}/permissions", api.update_permissions)
    route.add_put("/users/{user_id}/password", api.change_password)
    route.add_post("/personal-access-tokens/login", api.login_pat)
    route.add_get("/personal-access-tokens", api.tokens)
    route.add_post("/personal-access-tokens", api.create_token)
    route.add_delete("/personal-access-tokens/{name}", api.delete_token)
    route.add_get("/streams", api.streams)
    route.add_post("/streams", api.create_stream)
    route.add_get("/streams/{stream_id}", api.get_stream)
    route.add_put("/streams/{stream_id}", api.update_stream)
    route.add_delete("/streams/{stream_id}", api.delete_stream)
    route.add_delete("/streams/{stream_id}/purge", api.purge_stream)
    route.add_get("/streams/{stream_id}/topics", api.topics)
    route.add_post("/streams/{stream_id}/topics", api.create_topic)
    route.add_get(T, api.get_topic)
    route.add_put(T, api.update_topic)
    route.add_delete(T, api.delete_topic)
    route.add_delete(T + "/purge", api.purge_topic)
    route.add_post(T + "/partitions", api.create_partitions)
    route.add_delete(T + "/partitions", api.delete_partitions)
    route.add_delete(T + "/partitions/{partition_id}", api.delete_segments)
    route.add_get(T + "/consumer-groups", api.groups)
    route.add_post(T + "/consumer-groups", api.create_group)
    route.add_get(T + "/consumer-groups/{group_id}", api.get_group)
    route.add_delete(T + "/consumer-groups/{group_id}", api.delete_group)
    route.add_get(T + "/consumer-offsets", api.get_offset)
    route.add_put(T + "/consumer-offsets", api.store_offset)
    route.add_delete(T + "/consumer-offsets/{consumer_id}", api.delete_offset)
    route.add_get(T + "/messages", api.poll)
    route.add_post(T + "/messages", api.send)
    route.add_get(T + "/messages/flush/{partition_id}/{fsync}", api.flush)
    return app


Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


class _RefusedByExecute(IggyError):
    """The error reply of a command, already logged by ``execute``."""

    __slots__ = ()


def _peer(request: web.Request) -> str:
    peer = request.transport.get_extra_info("peername") if request.transport else None
    return f"{peer[0]}:{peer[1]}" if isinstance(peer, tuple) else "unknown"


def _log_refused(limit: LogRateLimit, request: web.Request, error: IggyError) -> None:
    """A refusal of the HTTP layer itself (no command ran), through the server-wide rate limit like the rest;
    client 0 as every HTTP session."""
    route = f"{request.method} {request.path}"
    log_refused(limit, TRANSPORT, 0, _peer(request), route, error.code, error.message)


def _error_middleware(limit: LogRateLimit) -> Any:
    @web.middleware
    async def render_errors(request: web.Request, handler: Handler) -> web.StreamResponse:
        try:
            response = await handler(request)
        except IggyError as error:
            if not isinstance(error, _RefusedByExecute):
                _log_refused(limit, request, error)
            response = error_response(error)
        except web.HTTPRequestEntityTooLarge as too_large:
            error = IggyError(ErrorCode.INVALID_HTTP_REQUEST, too_large.text or "request body too large")
            _log_refused(limit, request, error)
            response = error_response(error, 413)
        METRICS.http_status(response.status)
        return response

    return render_errors


def _auth_middleware(jwt: JwtManager, public: frozenset[str], limit: LogRateLimit) -> Any:
    @web.middleware
    async def authenticate(request: web.Request, handler: Handler) -> web.StreamResponse:
        if request.path in public or request.method == "OPTIONS":
            return await handler(request)
        header = request.headers.get("Authorization", "")
        scheme, _, token = header.partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            _log_refused(limit, request, IggyError(ErrorCode.ACCESS_TOKEN_MISSING, "no bearer token"))
            return _bare_401()
        try:
            request[_CLAIMS] = jwt.verify(token.strip())
        except IggyError as error:
            _log_refused(limit, request, error)
            return _bare_401()
        return await handler(request)

    return authenticate


def _bare_401() -> web.Response:
    """Iggy's JWT layer refuses a missing, bad, expired or revoked token with a bare 401 (no body)."""
    return web.Response(status=401)


def _cors_middleware(cors: Any) -> Any:
    """CORS from ``[http.cors]``; it wraps authentication, so preflights need no token (as in Iggy)."""
    methods = ", ".join(cors.allowed_methods)
    headers = ", ".join(cors.allowed_headers)
    any_origin = "*" in cors.allowed_origins

    def decorate(request: web.Request, response: web.StreamResponse) -> None:
        origin = request.headers.get("Origin")
        if origin is None or not (any_origin or origin in cors.allowed_origins):
            return
        response.headers["Access-Control-Allow-Origin"] = "*" if any_origin and not cors.allow_credentials else origin
        if cors.allow_credentials:
            response.headers["Access-Control-Allow-Credentials"] = "true"
        if cors.exposed_headers:
            response.headers["Access-Control-Expose-Headers"] = ", ".join(cors.exposed_headers)
        response.headers.add("Vary", "Origin")

    @web.middleware
    async def apply(request: web.Request, handler: Handler) -> web.StreamResponse:
        if not cors.enabled:
            return await handler(request)
        if request.method == "OPTIONS" and "Access-Control-Request-Method" in request.headers:
            response = web.Response(status=200)
            decorate(request, response)
            response.headers["Access-Control-Allow-Methods"] = methods
            response.headers["Access-Control-Allow-Headers"] = headers
            if cors.allow_private_network and "Access-Control-Request-Private-Network" in request.headers:
                response.headers["Access-Control-Allow-Private-Network"] = "true"
            return response
        try:
            response = await handler(request)
        except web.HTTPException as error:
            decorate(request, error)
            raise
        decorate(request, response)
        return response

    return apply


class HttpListener:
    """The aiohttp site on ``http.address`` (TLS with ``http.tls``)."""

    def __init__(self, ctx: Any) -> None:
        self.ctx = ctx
        self.jwt = JwtManager(ctx.config.http.jwt, ctx.state_dir)
        self._runner: web.AppRunner | None = None
        self.address: tuple[str, int] | None = None

    async def start(self, host: str, port: int) -> tuple[str, int]:
        app = build_app(self.ctx, self.jwt)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, host, port, ssl_context=self._tls(), reuse_address=True)
        await site.start()
        server = site._server  # aiohttp keeps the asyncio server here; the bound port is only known from it
        assert server is not None and server.sockets
        sockname = server.sockets[0].getsockname()
        self.address = (sockname[0], sockname[1])
        return self.address

    def _tls(self) -> ssl.SSLContext | None:
        tls = self.ctx.config.http.tls
        return server_tls_context("http.tls", tls.cert_file, tls.key_file) if tls.enabled else None

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
