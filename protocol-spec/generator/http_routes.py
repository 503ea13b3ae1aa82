"""Iggy's REST route tables, from commands.toml [command.http] and [[http_route]]: one for the server's HTTP transport
(aiohttp routes, one per method and path) and one for the Python SDK's (one per command). The other SDKs have no
HTTP transport. Hand-written code on both sides converts JSON; every method, path and parameter name comes from here.
"""

from __future__ import annotations

from .languages import BANNER, SOURCE_NOTE
from .spec import Command, Field, HttpRoute, Spec, snake

SERVER_ROUTES_PATH = "server/python/iggy_server/transports/_rest_routes.py"
SDK_ROUTES_PATH = "sdk/python/src/iggy/transports/_http_routes.py"


def _entry_field(command: Command, entry: str, spec: Spec) -> Field:
    """The spec field an entry names: a request field, or (a.b) field b of the record field a."""
    top, _, sub = entry.partition(".")
    field = next(f for f in command.request if f.name == top)
    if not sub:
        return field
    record = spec.record(field.type)
    return next(f for f in record.fields if f.name == sub)


def _type_text(field: Field) -> str:
    """The spec type, `[]` added for a repeated field (a list in JSON)."""
    return field.type + ("[]" if field.repeat is not None else "")


def _static_first(path: str) -> list[tuple[int, str]]:
    """Sort key: a literal segment before a placeholder at the same depth, so `/users/logout` is registered (and on
    any router matched) before `/users/{user_id}`."""
    return [(1, "") if segment.startswith("{") else (0, segment) for segment in path.split("/")]


def _server_routes(spec: Spec) -> list[dict]:
    """One route per method and path: commands of disjoint versions that share one (LoginUser, LoginRegister) reach
    the handler named after the oldest, with the entries of both."""
    routes: dict[str, dict] = {}
    for command in spec.commands:
        route = command.http
        if route is None:
            continue
        merged = routes.setdefault(route.shape, {
            "handler": snake(command.name), "commands": [], "method": route.method, "path": route.wire_path(),
            "auth": command.auth, "status": route.status, "response": route.response, "not_found_404": False,
            "params": {},
        })
        merged["commands"].append(command.constant_name)
        merged["not_found_404"] |= command.http_not_found_404
        for entry, where in route.params():
            field = _entry_field(command, entry, spec)
            merged["params"].setdefault(
                entry, (entry, where, route.wire_name(entry), _type_text(field), field.enum, field.default))
    for extra in spec.http_only_routes:
        route = extra.route
        routes[route.shape] = {
            "handler": snake(extra.name), "commands": [], "method": route.method, "path": route.path,
            "auth": extra.auth, "status": route.status, "response": route.response, "not_found_404": False,
            "params": {entry: (entry, where, entry, None, None, None) for entry, where in route.params()},
        }
    methods = {method: index for index, method in enumerate(("GET", "POST", "PUT", "DELETE"))}
    return sorted(routes.values(), key=lambda r: (_static_first(r["path"]), methods[r["method"]]))


def render_server_routes(spec: Spec) -> str:
    out = [
        f"# {BANNER}",
        f"# {SOURCE_NOTE}",
        '"""Iggy\'s REST routes as the server serves them (commands.toml [command.http] and [[http_route]]).',
        "",
        "One `Route` per method and path, literal segments before placeholders. `handler` names the `Api` method that",
        "answers it; `params` say where each request field travels (path, query or JSON body) and under which name.",
        "`not_found_404`: finding nothing answers 404 not_found (the binary answer is an empty OK). `response`",
        "`fields`: the answer is the response's fields by name as a JSON object.",
        '"""',
        "",
        "from __future__ import annotations",
        "",
        "from typing import NamedTuple",
        "",
        "from iggy.protocol.codes import Command",
        "",
        "",
        "class Param(NamedTuple):",
        "    field: str  # the request field; a.b is field b of the record field a",
        "    where: str  # path | query | body",
        "    name: str  # its name in the route, the query string or the JSON body",
        "    type: str | None  # the spec type ([] = a list); None on a route that runs no command",
        "    enum: str | None  # the spec enum of a u8",
        "    default: int | str | bool | None  # the spec's value when the request leaves it out (None: required)",
        "",
        "",
        "class Route(NamedTuple):",
        "    handler: str",
        "    commands: tuple[Command, ...]  # the commands it runs (several only in disjoint versions); () for none",
        "    method: str",
        "    path: str",
        "    auth: bool  # False: no bearer token needed",
        "    status: int  # of a success",
        "    response: str  # json | fields | empty | text | zip",
        "    not_found_404: bool",
        "    params: tuple[Param, ...]",
        "",
        "",
        "ROUTES: tuple[Route, ...] = (",
    ]
    for route in _server_routes(spec):
        commands = "".join(f"Command.{name}, " for name in route["commands"]).rstrip(" ")
        head = (f"    Route({route['handler']!r}, ({commands}), {route['method']!r}, {route['path']!r}, "
                f"{route['auth']}, {route['status']}, {route['response']!r}, {route['not_found_404']}, (")
        params = [f"        Param{param!r}," for param in route["params"].values()]
        out += [head, *params, "    )),"] if params else [head + ")),"]
    out.append(")")
    return "\n".join(out) + "\n"


def _python_versions(field: Field, spec: Spec) -> str:
    if field.versions is None:
        return "None"
    names = ", ".join(f"ProtocolVersion.{spec.protocol_version(v).constant_name}"
                      for v in spec.version_names if v in field.versions)
    return f"frozenset({{{names}}})"


def render_sdk_routes(spec: Spec) -> str:
    enums = sorted({_entry_field(c, entry, spec).enum for c in spec.commands if c.http is not None
                    for entry, _ in c.http.params()} - {None})
    out = [
        f"# {BANNER}",
        f"# {SOURCE_NOTE}",
        '"""Iggy\'s REST API per command, as the SDK\'s HTTP transport calls it (commands.toml [command.http]).',
        "",
        "`ROUTES[command]`: method, path (a `str.format` template of the path params' names) and where each request",
        "field travels (path, query or JSON body) and under which name; `enum`: the enum whose lower-case member names",
        "travel instead of the number; `versions`: the protocol versions that send it (None = every one).",
        "`not_found_404`: finding nothing answers 404 (the binary answer is an empty OK). `response` `fields`: the",
        "JSON answer is the response's fields by name. `ABSENT[command]`: why Iggy's REST API lacks the command.",
        '"""',
        "",
        "from __future__ import annotations",
        "",
        "from enum import IntEnum",
        "from typing import NamedTuple",
        "",
        f"from ..protocol.codes import Command, ProtocolVersion, {', '.join(enums)}",
        "",
        "",
        "class Param(NamedTuple):",
        "    field: str  # the request field; a.b is field b of the record field a",
        "    where: str  # path | query | body",
        "    name: str",
        "    enum: type[IntEnum] | None",
        "    versions: frozenset[ProtocolVersion] | None",
        "",
        "",
        "class Route(NamedTuple):",
        "    method: str",
        "    path: str",
        "    response: str  # json | fields | empty | text | zip",
        "    not_found_404: bool",
        "    params: tuple[Param, ...]",
        "",
        "",
        "ROUTES: dict[Command, Route] = {",
    ]
    for command in spec.commands:
        route = command.http
        if route is None:
            continue
        head = (f"    Command.{command.constant_name}: Route({route.method!r}, {route.wire_path()!r}, "
                f"{route.response!r}, {command.http_not_found_404}, (")
        params = []
        for entry, where in route.params():
            field = _entry_field(command, entry, spec)
            top = next(f for f in command.request if f.name == entry.split(".")[0])
            params.append(f"        Param({entry!r}, {where!r}, {route.wire_name(entry)!r}, {field.enum or 'None'}, "
                          f"{_python_versions(top, spec)}),")
        out += [head, *params, "    )),"] if params else [head + ")),"]
    out += ["}", "", "ABSENT: dict[Command, str] = {"]
    out += [f"    Command.{c.constant_name}: {c.http_absent!r}," for c in spec.commands if c.http_absent is not None]
    out.append("}")
    return "\n".join(out) + "\n"


def route_text(route: HttpRoute) -> str:
    """One line of REFERENCE.md: `GET /streams/{stream_id}`, its query and body (wire names), status and answer."""
    parts = [f"`{route.method} {route.path}`"]
    for label, entries in (("query", route.query), ("body", route.body)):
        if entries:
            named = [f"`{route.wire_name(e)}`" + (f" ({e})" if route.wire_name(e) != e else "") for e in entries]
            parts.append(f"{label} {', '.join(named)}")
    for entry in route.placeholders:
        if route.wire_name(entry) != entry:
            parts.append(f"`{{{entry}}}` travels as `{route.wire_name(entry)}`")
    if route.omitted:
        parts.append("not carried: " + ", ".join(f"`{e}`" for e in route.omitted))
    return "; ".join(parts) + f"; answers {route.status} {route.response}"
