"""Helpers of the transport suites: the known JWT secret and a tiny blocking HTTP client."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from typing import Any

# A known signing secret, so tests can forge expired or foreign tokens; a 4 KiB body limit for the 413 test.
JWT_SECRET = "transport-tests-secret-of-enough-length-for-hs256"
SERVER_ENV = {"IGGY_HTTP_JWT_ENCODING_SECRET": JWT_SECRET, "IGGY_HTTP_MAX_REQUEST_SIZE_BYTES": "4096"}
HTTP_TIMEOUT_S = 30


class Http:
    """A tiny blocking HTTP client: ``call(method, path, body)`` → (status, parsed JSON or raw bytes, headers)."""

    def __init__(self, address: str) -> None:
        self.base = f"http://{address}"
        self.token: str | None = None

    def call(
        self, method: str, path: str, body: Any = None, *, raw: bytes | None = None, token: str | None = None,
        headers: dict[str, str] | None = None,
    ) -> tuple[int, Any, Any]:
        data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
        request = urllib.request.Request(self.base + path, data=data, method=method, headers=dict(headers or {}))
        if data is not None:
            request.add_header("Content-Type", "application/json")
        bearer = token if token is not None else self.token
        if bearer:
            request.add_header("Authorization", f"Bearer {bearer}")
        try:
            with urllib.request.urlopen(request, timeout=HTTP_TIMEOUT_S) as response:
                return response.status, _parse(response.read(), response.headers), response.headers
        except urllib.error.HTTPError as error:
            return error.code, _parse(error.read(), error.headers), error.headers

    def login(self, username: str = "iggy", password: str = "iggy") -> dict[str, Any]:
        status, body, _ = self.call("POST", "/users/login", {"username": username, "password": password})
        assert status == 200, body
        self.token = body["access_token"]["token"]
        return body


def _parse(data: bytes, headers: Any) -> Any:
    if data and "json" in (headers.get("Content-Type") or ""):
        return json.loads(data)
    return data
