"""``iggy+ws://``: each request is one binary WebSocket message with the TCP framing of the client's protocol; the
answer is read from the incoming messages, which may split or merge it. 0.8: ``status u32 | length u32 |
payload``. 0.9: one request frame per message (a 256-byte header and its body, numbered by the connection's
``vsr.VsrSession``), a reply or eviction frame back (its ``size`` counts the header)."""

from __future__ import annotations

import asyncio
import struct
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from .._version import CLIENT_NAME
from ..connection import MAX_RESPONSE_BYTES, exchange_vsr, first_answer_hint, make_ssl_context, split_address
from ..errors import CannotConnectError, ConnectionLostError, NotConnectedError, RequestTimeoutError, error_for
from ..protocol.codes import VSR_HEADER_SIZE, ErrorCode, ProtocolVersion
from ..vsr import VsrSession, check_reply_prefix, frame_size

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
    if config.protocol >= ProtocolVersion.V0_9:
        return VsrWebSocketConnection(socket, f"{host}:{port}")
    return WebSocketConnection(socket, f"{host}:{port}")


class WebSocketConnection:
    """One WebSocket speaking Iggy 0.8 frames; not re-entrant (the client serialises requests)."""

    PROTOCOL = ProtocolVersion.V0_8

    def __init__(self, socket: ClientConnection, peer: str) -> None:
        self._socket = socket
        self.peer = peer
        self._lost: BaseException | None = None
        self._pending = bytearray()  # bytes of the next response that arrived with the previous one
        self._answered = False

    @property
    def is_open(self) -> bool:
        return self._lost is None and self._socket.protocol.state.name == "OPEN"

    @property
    def lost_error(self) -> BaseException | None:
        return self._lost

    async def request(self, code: int, payload: Any, timeout_ms: int) -> memoryview:
        parts = payload if isinstance(payload, list) else [payload]
        size = sum(map(len, parts))
        message = b"".join([_HEADER.pack(4 + size, code), *parts])
        return await self._bounded(self._exchange(message), code, timeout_ms)

    async def _bounded(self, exchange: Any, code: int, timeout_ms: int) -> Any:
        if not self.is_open:
            exchange.close()
            raise self._lost or NotConnectedError(ErrorCode.NOT_CONNECTED, "connection is closed")
        try:
            answer = await asyncio.wait_for(exchange, timeout_ms / 1000)
        except asyncio.TimeoutError:
            message = f"no response to command {code} within {timeout_ms} ms"
            if not self._answered:
                message = f"{message} (the connection's first request; {first_answer_hint(self.PROTOCOL)})"
            self.abort(RequestTimeoutError(ErrorCode.TASK_TIMEOUT, message))
            raise self._lost from None  # type: ignore[misc]
        except ConnectionClosed as closed:
            if not self._answered:
                message = f"the connection closed before its first answer; {first_answer_hint(self.PROTOCOL)}"
            else:
                message = f"connection closed by peer: {closed}"
            self.abort(ConnectionLostError(ErrorCode.CONNECTION_CLOSED, message))
            raise self._lost from None  # type: ignore[misc]
        self._answered = True
        return answer

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


class VsrWebSocketConnection(WebSocketConnection):
    """One WebSocket speaking Iggy 0.9: each request frame one binary message; the session layer is the TCP
    connection's (`vsr.VsrSession`, `connection.exchange_vsr`)."""

    PROTOCOL = ProtocolVersion.V0_9

    def __init__(self, socket: ClientConnection, peer: str) -> None:
        super().__init__(socket, peer)
        self.session = VsrSession()

    async def request(self, code: int, payload: Any, timeout_ms: int) -> memoryview:
        parts = payload if isinstance(payload, list) else [payload]
        header, operation, number = self.session.header(code, parts)
        message = b"".join([header, *parts])
        return await exchange_vsr(self.session, code, operation, number,
                                  lambda: self._bounded(self._exchange_frame(message), code, timeout_ms), timeout_ms)

    async def _exchange_frame(self, message: bytes) -> tuple[bytes, memoryview]:
        await self._socket.send(message)
        buffer = self._pending
        while len(buffer) < 8:
            buffer += await self._receive()
        refused = check_reply_prefix(buffer)
        if refused is not None:
            self.abort(refused)
            raise refused
        while len(buffer) < VSR_HEADER_SIZE:
            buffer += await self._receive()
        size = frame_size(buffer)
        if size < VSR_HEADER_SIZE or size - VSR_HEADER_SIZE > MAX_RESPONSE_BYTES:
            self.abort(ConnectionLostError(ErrorCode.CONNECTION_CLOSED, f"0.9 frame size {size} is implausible"))
            raise self._lost  # type: ignore[misc]
        while len(buffer) < size:
            buffer += await self._receive()
        header = bytes(buffer[:VSR_HEADER_SIZE])
        body = bytes(buffer[VSR_HEADER_SIZE:size])
        del buffer[:size]
        return header, memoryview(body)
