"""The server serves every REST route of the spec (protocol-spec/spec/commands.toml [command.http] and
[[http_route]]): each resolves to the endpoint of its own route, and a request to each reaches its handler rather
than the router's 404 or 405."""

from __future__ import annotations

import asyncio
import re
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest
from aiohttp.test_utils import make_mocked_request

from iggy_server.audit import LogRateLimit
from iggy_server.config import load_config
from iggy_server.transports.http import build_app

from transport_support import Http

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "protocol-spec"))
from generator.spec import load_spec  # noqa: E402

SPEC = load_spec()
# (method, path with wire names, the command names it runs) of every route of the spec.
SPEC_ROUTES = sorted({
    *((c.http.method, c.http.wire_path(), c.constant_name) for c in SPEC.commands if c.http is not None),
    *((r.route.method, r.route.path, None) for r in SPEC.http_only_routes),
}, key=str)
# A value for each placeholder: none of them names an existing object (this suite only checks routing).
_SAMPLES = {"scope": "topic", "fsync": "true", "partition_id": "1", "client_id": "1"}


def _filled(path: str) -> str:
    return re.sub(r"\{(\w+)\}", lambda match: _SAMPLES.get(match.group(1), f"no-{match.group(1)}"), path)


def test_every_spec_route_resolves_to_its_own_endpoint(tmp_path):
    (tmp_path / "config.toml").write_text("", encoding="utf-8")
    ctx = SimpleNamespace(config=load_config(tmp_path / "config.toml", environ={}), log_limit=LogRateLimit())
    app = build_app(ctx, jwt=None)

    async def resolve(method: str, path: str):
        return await app.router.resolve(make_mocked_request(method, path, app=app))

    for method, path, command in SPEC_ROUTES:
        match = asyncio.run(resolve(method, _filled(path)))
        route = getattr(match.handler, "route", None)
        assert route is not None, (method, path, match)
        assert (route.method, route.path) == (method, path)
        assert (command is None and route.commands == ()) or command in [c.name for c in route.commands]


@pytest.mark.parametrize("method, path, command", SPEC_ROUTES)
def test_a_request_to_every_spec_route_reaches_its_handler(server, method, path, command):
    http = Http(server.transport_addresses["http"])
    http.login()  # each request gets a fresh token: DELETE /users/logout revokes the one it carries
    body = {} if method in ("POST", "PUT") else None
    status, answer, headers = http.call(method, _filled(path), body)
    routed_away = status in (404, 405) and "json" not in (headers.get("Content-Type") or "")
    assert not routed_away and status < 500, (method, path, status, answer)
