"""``iggy+ws://``: each request is one binary WebSocket message with the TCP framing; the response
(``status u32 | length u32 | payload``) is read from the incoming messages, which may split or merge it."""

from __future__ import annotations

import asyncio
import struct
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from .._version import CLIENT_NAME
from ..connection import MAX_RESPONSE_BYTES, make_ssl_context, split_address
from ..errors import CannotConnectError, ConnectionLostError, NotConnectedError, RequestTimeoutError, error_for
from ..protocol.codes import ErrorCode

_HEADER = struct.Struct("<II")


async def open_connection(config: Any) -> WebSocketConnection:
    host, port = split_address(config.address)
    ssl_context = make_ssl_context(config)
    url = f"{'wss' if ssl_context else 'ws'}://{host}:{port}/"
    tls = {"ssl": ssl_context, "server_hostname": config.tls_domain or host} if ssl_context else {}
    try:
        socket = await asyncio.wait_for(
            connect(url, max_size=MAX_RESPONSE_BYTES + _HEADER.size, compression=None,
                    user_agent_header=CLIENT_NAME, **tls),
            config.connect_timeout_ms / 1000,
        )
    except (OSError, asyncio.TimeoutError, InvalidHandshake, InvalidURI) as error:
        reason = "timed out" if isinstance(error, asyncio.TimeoutError) else str(error)
        raise CannotConnectError(ErrorCode.CANNOT_ESTABLISH_CONNECTION, f"cannot connect to {url}: {reason}") from error
    return WebSocketConnection(socket, f"{host}:{port}")


class WebSocketConnection:
    """One WebSocket; not re-entrant (the client serialises requests)."""

    def __init__(self, socket: ClientConnection, peer: str) -> None:
        self._socket = socket
        self.peer = peer
        self._lost: BaseException | None = None
        self._pending = bytearray()  # bytes of the next response that arrived with the previous one

    @property
    def is_open(self) -> bool:
        return self._lost is None and self._socket.protocol.state.name == "OPEN"

    async def request(self, code: int, payload: Any, timeout_ms: int) -> memoryview:
        if not self.is_open:
            raise self._lost or NotConnectedError(ErrorCode.NOT_CONNECTED, "connection is closed")
        parts = payload if isinstance(payload, list) else [payload]
        size = sum(map(len, parts))
        message = b"".join([_HEADER.pack(4 + size, code), *parts])
        try:
            return await asyncio.wait_for(self._exchange(message), timeout_ms / 1000)
        except asyncio.TimeoutError:
            message = f"no response to command {code} within {timeout_ms} ms"
            self.abort(RequestTimeoutError(ErrorCode.TASK_TIMEOUT, message))
            raise self._lost from None  # type: ignore[misc]
        except ConnectionClosed as closed:
            self.abort(ConnectionLostError(ErrorCode.CONNECTION_CLOSED, f"connection closed by peer: {closed}"))
            raise self._lost from None  # type: ignore[misc]

    async def _exchange(self, message: bytes) -> memoryview:
        await self._socket.send(message)
        buffer = self._pending
        while len(buffer) < _HEADER.size:
            buffer += await self._receive()
        status, length = _HEADER.unpack_from(buffer, 0)
        if status != 0:
            del buffer[: _HEADER.size]
            raise error_for(status)
        if length > MAX_RESPONSE_BYTES:
            self.abort(ConnectionLostError(ErrorCode.CONNECTION_CLOSED, f"response length {length} is implausible"))
            raise self._lost  # type: ignore[misc]
        end = _HEADER.size + length
        while len(buffer) < end:
            buffer += await self._receive()
        body = bytes(buffer[_HEADER.size : end])
        del buffer[:end]
        return memoryview(body)

    async def _receive(self) -> bytes:
        data = await self._socket.recv()
        return data.encode() if isinstance(data, str) else data

    def abort(self, error: BaseException | None = None) -> None:
        if error is not None and self._lost is None:
            self._lost = error
        self._socket.transport.abort()

    async def close(self) -> None:
        try:
            await asyncio.wait_for(self._socket.close(), 1.0)
        except asyncio.TimeoutError:
            self._socket.transport.abort()
