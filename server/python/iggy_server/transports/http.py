"""Iggy's HTTP REST API on aiohttp: routes → codec request → shared command entry → Iggy's JSON.

The routes are the spec's (``_rest_routes``, generated from protocol-spec: method, path, where each parameter
travels, success status and answer); each runs the ``Api`` method named by its route, which builds the binary
request of its command from a :class:`rest_mapping.RouteArgs`, runs it through
:func:`iggy_server.transports.execute.execute` — the TCP handlers — and returns what the answer holds: Iggy's JSON,
text or bytes, or None (nothing found: 404 not_found where the route says so). One API for 0.8's and 0.9's clients: a
topic's JSON carries both versions' fields (:meth:`Api.complete_topic`). Stateless: the bearer JWT names the user of
a per-request session (client id 0, transport HTTP), so offsets and permissions behave as Iggy's HTTP server does.
Errors are Iggy's error JSON (``{"id","code","reason","field"}``) with 404 for *NotFound codes, 401 for
authentication failures (empty body, as Iggy), 403 Unauthorized, 400 otherwise, 413 for bodies above
``http.max_request_size_bytes``.
"""

from __future__ import annotations

import dataclasses
import json
import ssl
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web
from iggy.protocol import requests as rq
from iggy.protocol.codes import Command, ErrorCode, ProtocolVersion, Transport
from iggy.protocol.responses import decode_response_body

from ..audit import LogRateLimit, log_refused
from ..context import TransportContext
from ..errors import IggyError
from ..handlers._common import topic_option_blocks
from ..session import Session
from . import rest_mapping as rm
from ._rest_routes import ROUTES, Route
from .execute import execute
from .jwt_tokens import JwtManager
from .metrics import CONTENT_TYPE, METRICS
from .certificates import server_tls_context

__all__ = ["HttpListener"]


TRANSPORT = "http"
# The server's own probes, beside Iggy's REST API; like its public routes they need no token.
PROBE_PATHS = ("/health", "/ready")
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


@dataclasses.dataclass(frozen=True, slots=True)
class RawJson:
    """A JSON answer already rendered (natively, as a poll's): sent as it is instead of through ``json.dumps``."""

    text: bytes


def reply(route: Route, value: Any, headers: dict[str, str]) -> web.Response:
    """A route's success in its status and form, or Iggy's 404 not_found where the route answers it for nothing."""
    if value is None and route.not_found_404:
        return web.json_response(_NOT_FOUND_JSON, status=404)
    if isinstance(value, RawJson):
        return web.Response(body=value.text, status=route.status, content_type="application/json", headers=headers)
    if route.response in ("json", "fields"):
        return web.json_response(value, status=route.status, headers=headers)
    if route.response == "text":
        return web.Response(text=value, status=route.status, headers=headers)
    if route.response == "zip":
        return web.Response(body=value, status=route.status, content_type="application/zip", headers=headers)
    return web.Response(status=route.status, headers=headers)


RouteHandler = Callable[[web.Request, rm.RouteArgs], Awaitable[Any]]


class Api:
    """The route handlers, one per route, named by it (``Route.handler``); one instance per listener. A route whose
    parameters all have plain types and that answers nothing or its response's fields needs none: :meth:`run_plain`
    or :meth:`run_fields` runs its command."""

    def __init__(self, ctx: TransportContext, jwt: JwtManager) -> None:
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
        body = await self.run_payload(request, int(model.CODE), model.encode(version), user_id, version)
        return decode_response_body(int(model.CODE), body, version)

    async def run_payload(
        self, request: web.Request, code: int, payload: bytes, user_id: int | None,
        version: ProtocolVersion = ProtocolVersion.V0_8, confirm_sends: bool = False,
    ) -> bytes:
        """Execute an encoded command as ``user_id``; its answer's body, undecoded."""
        session = self._session(request, user_id)
        session.protocol = version
        session.confirm_sends = confirm_sends
        reply = await execute(self.ctx, session, code, payload, TRANSPORT)
        if reply.status:
            raise _RefusedByExecute(reply.status, reply.message)
        return reply.body[0] if len(reply.body) == 1 else b"".join(reply.body)

    async def run_plain(self, request: web.Request, args: rm.RouteArgs) -> None:
        """The route's command from its parameters alone (RouteArgs.model), for a route that answers nothing."""
        await self.run(request, args.model())

    async def run_fields(self, request: web.Request, args: rm.RouteArgs) -> Any:
        """The route's command from its parameters alone, for a route that answers its response's fields."""
        answer = await self.run(request, args.model())
        return None if answer is None else rm.fields_json(answer)

    async def body(self, request: web.Request) -> Any:
        raw = await request.read()
        try:
            return json.loads(raw) if raw else {}
        except (UnicodeDecodeError, json.JSONDecodeError) as error:
            raise IggyError(ErrorCode.INVALID_HTTP_REQUEST, f"malformed JSON body: {error}") from None

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

    # ------------------------------------------------------------------ system

    async def root(self, request: web.Request, args: rm.RouteArgs) -> str:
        return "Iggy API"

    async def ping(self, request: web.Request, args: rm.RouteArgs) -> str:
        return "pong"

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

    async def get_stats(self, request: web.Request, args: rm.RouteArgs) -> Any:
        return rm.stats_json(await self.run(request, args.model()))

    async def describe_options(self, request: web.Request, args: rm.RouteArgs) -> Any:
        """Iggy 0.9's option catalog of topic, stream or user."""
        catalog = await self.run(request, rq.DescribeOptions(rm.option_scope(args)), version=ProtocolVersion.V0_9)
        return rm.option_specs_json(catalog)

    async def get_cluster_metadata(self, request: web.Request, args: rm.RouteArgs) -> Any:
        return rm.cluster_json(await self.run(request, args.model()))

    async def get_clients(self, request: web.Request, args: rm.RouteArgs) -> Any:
        return [rm.client_json(c) for c in await self.run(request, args.model())]

    async def get_client(self, request: web.Request, args: rm.RouteArgs) -> Any:
        client = await self.run(request, args.model())
        return None if client is None else rm.client_details_json(client)

    async def get_snapshot(self, request: web.Request, args: rm.RouteArgs) -> bytes:
        return (await self.run(request, rm.snapshot_request(args))).data

    # ------------------------------------------------------------------ users and tokens

    async def login_user(self, request: web.Request, args: rm.RouteArgs) -> Any:
        """0.8's LoginUser, whose JSON 0.9's clients send as well (the route of their LoginRegister)."""
        return self._identity((await self.run(request, args.model(), user_id=None)).user_id)

    async def login_with_personal_access_token(self, request: web.Request, args: rm.RouteArgs) -> Any:
        identity = await self.run(request, rq.LoginWithPersonalAccessToken(args.string("token")), user_id=None)
        return self._identity(identity.user_id)

    def _identity(self, user_id: int) -> Any:
        token, expiry_s = self.jwt.issue(user_id)
        return rm.identity_json(user_id, token, expiry_s)

    async def refresh_token(self, request: web.Request, args: rm.RouteArgs) -> Any:
        claims = self.jwt.verify(args.string("token"))
        self.jwt.revoke(claims)  # one refresh per token
        return self._identity(claims.user_id)

    async def logout_user(self, request: web.Request, args: rm.RouteArgs) -> None:
        self.jwt.revoke(request[_CLAIMS])

    async def get_users(self, request: web.Request, args: rm.RouteArgs) -> Any:
        return [rm.user_json(u) for u in await self.run(request, args.model())]

    async def create_user(self, request: web.Request, args: rm.RouteArgs) -> Any:
        model, version = rm.create_user(args)
        return rm.user_details_json(await self.run(request, model, version=version))

    async def get_user(self, request: web.Request, args: rm.RouteArgs) -> Any:
        user = await self.run(request, args.model())
        return None if user is None else rm.user_details_json(user)

    async def update_user(self, request: web.Request, args: rm.RouteArgs) -> None:
        model, version = rm.update_user(args)
        await self.run(request, model, version=version)

    async def update_permissions(self, request: web.Request, args: rm.RouteArgs) -> None:
        await self.run(request, args.model(permissions=rm.permissions(args.raw("permissions"))))

    async def get_personal_access_tokens(self, request: web.Request, args: rm.RouteArgs) -> Any:
        return [rm.token_info_json(t) for t in await self.run(request, args.model())]

    # ------------------------------------------------------------------ streams and topics

    async def get_streams(self, request: web.Request, args: rm.RouteArgs) -> Any:
        return [rm.stream_json(s) for s in await self.run(request, args.model())]

    async def create_stream(self, request: web.Request, args: rm.RouteArgs) -> Any:
        model, version = rm.stream_request(rq.CreateStream, args)
        return rm.stream_json(await self.run(request, model, version=version)) | {"topics": []}

    async def get_stream(self, request: web.Request, args: rm.RouteArgs) -> Any:
        stream = await self.run(request, args.model())
        return None if stream is None else rm.stream_details_json(self.complete_stream(stream))

    async def update_stream(self, request: web.Request, args: rm.RouteArgs) -> None:
        model, version = rm.stream_request(rq.UpdateStream, args, args.identifier("stream_id"))
        await self.run(request, model, version=version)

    async def get_topics(self, request: web.Request, args: rm.RouteArgs) -> Any:
        model = args.model()
        topics = await self.run(request, model)
        return [rm.topic_json(self.complete_topic(model.stream_id.value, t)) for t in topics]

    async def create_topic(self, request: web.Request, args: rm.RouteArgs) -> Any:
        model, version = rm.create_topic(args)
        created = await self.run(request, model, version=version)
        return rm.topic_details_json(self.complete_topic(model.stream_id.value, created))

    async def get_topic(self, request: web.Request, args: rm.RouteArgs) -> Any:
        model = args.model()
        topic = await self.run(request, model)
        return None if topic is None else rm.topic_details_json(self.complete_topic(model.stream_id.value, topic))

    async def update_topic(self, request: web.Request, args: rm.RouteArgs) -> None:
        model, version = rm.update_topic(args)
        await self.run(request, model, version=version)

    # ------------------------------------------------------------------ consumer groups and offsets

    async def create_consumer_group(self, request: web.Request, args: rm.RouteArgs) -> Any:
        return rm.group_json(await self.run(request, args.model())) | {"members": []}

    async def get_consumer_group(self, request: web.Request, args: rm.RouteArgs) -> Any:
        group = await self.run(request, args.model())
        return None if group is None else rm.group_details_json(group)

    async def get_consumer_offset(self, request: web.Request, args: rm.RouteArgs) -> Any:
        offset = await self.run(request, args.model(consumer=rm.plain_consumer(args)))
        return None if offset is None else rm.fields_json(offset)

    async def store_consumer_offset(self, request: web.Request, args: rm.RouteArgs) -> None:
        await self.run(request, args.model(consumer=rm.plain_consumer(args)))

    async def delete_consumer_offset(self, request: web.Request, args: rm.RouteArgs) -> None:
        await self.run(request, args.model(consumer=rm.plain_consumer(args)))

    # ------------------------------------------------------------------ messages

    async def send_messages(self, request: web.Request, args: rm.RouteArgs) -> Any:
        """Iggy 0.9's JSON confirmation (0.8 clients ignore the body) and its durability header. The body is read
        raw (``raw_body``): its JSON becomes the command's frames natively, never Python objects."""
        payload = rm.send_messages_payload(args, await request.read())
        user_id = request[_CLAIMS].user_id
        answer = await self.run_payload(request, int(Command.SEND_MESSAGES), payload, user_id, confirm_sends=True)
        args.response_headers["iggy-durability"] = "replicated"
        return rm.confirmations_json(answer)

    send_messages.raw_body = True  # type: ignore[attr-defined]

    async def poll_messages(self, request: web.Request, args: rm.RouteArgs) -> Any:
        """The answer's frames as Iggy's JSON text, rendered natively from the binary answer."""
        model = rm.poll_messages(args)
        answer = await self.run_payload(request, int(model.CODE), model.encode(), request[_CLAIMS].user_id)
        return RawJson(rm.polled_json(answer))

    async def flush_unsaved_buffer(self, request: web.Request, args: rm.RouteArgs) -> None:
        await self.run(request, args.model(fsync=rm.flush_fsync(args)))

    async def metrics(self, request: web.Request) -> web.Response:
        return web.Response(body=METRICS.render(), headers={"Content-Type": CONTENT_TYPE})


def _endpoint(api: Api, route: Route) -> Callable[[web.Request], Awaitable[web.StreamResponse]]:
    """The aiohttp handler of a route: its arguments (the JSON body read only where the route has one), the Api
    method it names, and the answer in the route's status and form. Fails at start-up for a route the Api cannot
    answer, never at the first request."""
    handler: RouteHandler | None = getattr(api, route.handler, None)
    if handler is None:
        plain = all(param.type in rm.PLAIN_TYPES and param.enum is None for param in route.params)
        generic = {"empty": api.run_plain, "fields": api.run_fields}.get(route.response)
        if not (route.commands and generic and plain):
            raise RuntimeError(f"HTTP route {route.method} {route.path} needs a handler Api.{route.handler}")
        handler = generic
    has_body = any(param.where == "body" for param in route.params)

    # A handler that reads the body itself (raw_body) gets none parsed here.
    has_body = has_body and not getattr(handler, "raw_body", False)

    async def endpoint(request: web.Request) -> web.StreamResponse:
        body = await api.body(request) if has_body else None
        args = rm.RouteArgs(route, request.match_info, request.query, body)
        return reply(route, await handler(request, args), args.response_headers)

    endpoint.route = route  # type: ignore[attr-defined]  # which spec route answered (the routing test reads it)
    return endpoint


def build_app(ctx: TransportContext, jwt: JwtManager) -> web.Application:
    config = ctx.config.http
    api = Api(ctx, jwt)
    max_request_bytes = config.max_request_size_bytes
    public = {route.path for route in ROUTES if not route.auth} | set(PROBE_PATHS)
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
    for route in ROUTES:  # a GET route answers HEAD too (aiohttp's add_get)
        app.router.add_route(route.method, route.path, _endpoint(api, route))
        if route.method == "GET":
            app.router.add_route("HEAD", route.path, _endpoint(api, route))
    app.router.add_get(PROBE_PATHS[0], api.health)
    app.router.add_get(PROBE_PATHS[1], api.ready)
    if config.metrics.enabled:
        app.router.add_get(config.metrics.endpoint, api.metrics)
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

    def __init__(self, ctx: TransportContext) -> None:
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
