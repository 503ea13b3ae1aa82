"""WebSocket transport (``websockets``): binary messages carry the TCP framing, as Iggy 0.8's server.

Both protocol versions: a connection's first binary message tells its framing (a 0.9 header starts with a zero
checksum); a 0.9 connection sends one request frame per binary message (a message whose length is not the
frame's size closes the connection) and gets one reply or eviction frame per message, run by
``iggy_server.vsr``.

Incoming binary messages form one byte stream (a request may span or share messages); each response is
one binary message; text messages are ignored; any path, no subprotocol. One session per connection,
same login rules as TCP. Requests on a connection run one at a time, in order.
"""

from __future__ import annotations

import ssl
from typing import Any

from iggy.protocol.codes import VSR_HEADER_SIZE, ProtocolVersion, Transport
from iggy.protocol.layout import REQUEST_HEADER_SIZE_AT
from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from .. import vsr
from ..context import TransportContext
from ..session import Session
from .certificates import server_tls_context, write_self_signed
from .execute import execute, frame_reply, refuse
from .stream_framing import FrameAssembler, close_session, open_session

__all__ = ["WebSocketListener"]

TRANSPORT = "websocket"
WEBSOCKET_CLOSE_TIMEOUT_S = 0.5


class WebSocketListener:
    def __init__(self, ctx: TransportContext) -> None:
        self.ctx = ctx
        self._server: Any = None
        self.address: tuple[str, int] | None = None

    async def start(self, host: str, port: int) -> tuple[str, int]:
        config = self.ctx.config.websocket
        self._server = await serve(
            self._serve,
            host,
            port,
            max_size=config.max_message_size_bytes,
            compression=None,
            ssl=self._tls(),
            # How long a closing connection waits for the peer's close frame. The official Rust client does not
            # answer it, so the library's default made every shutdown (and every test server stop) wait 5 s.
            close_timeout=WEBSOCKET_CLOSE_TIMEOUT_S,
        )
        sockname = next(iter(self._server.sockets)).getsockname()
        self.address = (sockname[0], sockname[1])
        return self.address

    def _tls(self) -> ssl.SSLContext | None:
        tls = self.ctx.config.websocket.tls
        if not tls.enabled:
            return None
        cert_file, key_file = tls.cert_file, tls.key_file
        if tls.self_signed and not cert_file:
            cert_path, key_path = write_self_signed(self.ctx.state_dir / "tls", "websocket")
            cert_file, key_file = str(cert_path), str(key_path)
        return server_tls_context("websocket.tls", cert_file, key_file)

    async def _serve(self, connection: ServerConnection) -> None:
        peer = connection.remote_address
        address = f"{peer[0]}:{peer[1]}" if isinstance(peer, tuple) else str(peer)
        session = open_session(self.ctx, address, Transport.WEB_SOCKET, lambda: _close_soon(connection))
        if session is None:
            await connection.close(code=1013, reason="server busy")
            return
        frames = FrameAssembler(self.ctx, session)
        framing_known = False
        try:
            async for message in connection:
                if isinstance(message, str):
                    continue  # Iggy ignores text messages
                if not framing_known and len(message) >= 8:
                    framing_known = True
                    if vsr.is_vsr_prefix(message):
                        session.protocol = ProtocolVersion.V0_9
                if session.protocol >= ProtocolVersion.V0_9:
                    if not await self._serve_vsr_message(connection, session, message):
                        return
                    continue
                for item in frames.feed(message):
                    if item[0] == "error":
                        reply = refuse(self.ctx, session, item[1], item[2], TRANSPORT)
                        await connection.send(b"".join(frame_reply(reply)))
                        if item[2].close:
                            await connection.close(code=1008, reason="request refused")
                            return
                        continue
                    reply = await execute(self.ctx, session, item[1], item[2], TRANSPORT)
                    await connection.send(b"".join(frame_reply(reply)))
                if session.stale:
                    break
        except ConnectionClosed:
            pass
        finally:
            close_session(self.ctx, session)

    async def _serve_vsr_message(self, connection: ServerConnection, session: Session, message: bytes) -> bool:
        """One 0.9 request frame in one binary message; False when the connection is to close."""
        if len(message) < VSR_HEADER_SIZE:
            await connection.close(code=1002, reason="a 0.9 frame is at least 256 bytes")
            return False
        size = int.from_bytes(message[REQUEST_HEADER_SIZE_AT : REQUEST_HEADER_SIZE_AT + 4], "little")
        if size != len(message):
            await connection.close(code=1002, reason="frame size does not match the message")
            return False
        limits = self.ctx.config.limits
        if session.user_id is None and size - VSR_HEADER_SIZE > limits.max_unauthenticated_request_bytes:
            await connection.close(code=1008, reason="request too large before login")
            return False
        body = memoryview(message)[VSR_HEADER_SIZE:]
        outcome = await vsr.handle_request(self.ctx, session, vsr.parse_request_header(message), body)
        if outcome.parts:
            await connection.send(b"".join(outcome.parts))
        if outcome.close:
            await connection.close(code=1002, reason="protocol violation")
            return False
        return True

    async def stop(self) -> None:
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()


def _close_soon(connection: ServerConnection) -> None:
    import asyncio

    asyncio.get_running_loop().create_task(connection.close())
