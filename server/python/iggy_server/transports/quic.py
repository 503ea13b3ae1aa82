"""QUIC transport: one client-opened bidirectional stream per request, carrying the TCP framing.

The packets are the native engine's (``_native.QuicEndpoint``: quinn, the QUIC stack of Iggy's own server and
clients, on a thread of its own); this module runs each stream's request on the event loop. aioquic, used
before, handled every packet in Python on the loop's thread and held QUIC to about a third of Iggy's
throughput (server/BENCHMARKS.md, "QUIC: a native engine").

Both protocol versions: a connection's first stream tells its framing (a 0.9 request header starts with a zero
checksum, a 0.8 length is never 0) and every later stream must use the same; a 0.9 stream carries one request
frame (header and body) and gets one reply or eviction frame, run by ``iggy_server.vsr``.

TLS 1.3 without ALPN (Iggy 0.8 sets none). Certificate: a fresh self-signed ECDSA P-256 one per start
(``quic.certificate.self_signed``) or the configured PEM files. Login state per connection. Per stream: read the
8-byte header, refuse unknown / oversize / unauthenticated requests before reading the payload, read it, run it
through the shared entry, write the reply and FIN. A stream cut mid-frame is answered 3 InvalidCommand; the
connection stays up.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from cryptography import x509
from cryptography.hazmat.primitives import serialization
from iggy.protocol.codes import VSR_HEADER_SIZE, VSR_MAX_FRAME_BYTES, ErrorCode, ProtocolVersion, Transport
from iggy.protocol.layout import REQUEST_HEADER_SIZE_AT

from .. import _native, vsr
from ..config import ConfigError
from ..context import TransportContext
from ..errors import IggyError
from ..request_path import check_request
from .execute import REQUEST_HEADER, execute, frame_reply, refuse
from .stream_framing import close_session, open_session

__all__ = ["QuicListener"]

log = logging.getLogger(__name__)
TRANSPORT = "quic"
# Application error code sent with STOP_SENDING for a refused request's unread payload (0 = no error kind).
_STOP_SENDING_ERROR_CODE = 0
# Iggy 0.9's application close code for a protocol violation.
_PROTOCOL_VIOLATION = 0x1004
# Streams a connection may have open at once (aioquic's default, kept): Iggy's clients open one per request and
# wait for its answer, so a connection rarely has more than one; the bound caps the engine's events per connection.
_MAX_CONCURRENT_STREAMS = 128


class _StreamCut(Exception):
    """The stream ended before the bytes a read asked for."""

    def __init__(self, received: int) -> None:
        super().__init__(f"stream ended mid-frame after {received} bytes")
        self.received = received


class _Connection:
    """One QUIC connection = one session."""

    def __init__(self, listener: QuicListener, connection: int, session: Any) -> None:
        self.listener = listener
        self.id = connection
        self.session = session
        self.framing_known = False

    def close(self, code: int = 0, reason: str = "") -> None:
        self.listener.engine.close(self.id, code, reason)

    async def serve_stream(self, stream: int) -> None:
        ctx, engine, session = self.listener.ctx, self.listener.engine, self.session
        try:
            header = bytes(await self.listener.read(stream, 8))
            if self._is_vsr(header):
                await self._serve_vsr_stream(stream, header)
                return
            length, code = REQUEST_HEADER.unpack(header)
            refused = check_request(ctx, session, code, length - 4, ProtocolVersion.V0_8)
            if refused is not None:
                reply = frame_reply(refuse(ctx, session, code, refused, TRANSPORT))
                if refused.close:
                    engine.answer(stream, reply, close_code=0)
                    return
                if length > 4:
                    # The payload is never read: STOP_SENDING tells the peer to stop sending it, so the
                    # stream's unread bytes cannot hold flow-control credit.
                    engine.stop_reading(stream, _STOP_SENDING_ERROR_CODE)
                engine.answer(stream, reply)
                return
            payload = await self.listener.read(stream, length - 4)
        except _StreamCut as cut:
            # The header may be among the bytes lost: the refusal names no command.
            cut_short = IggyError(ErrorCode.INVALID_COMMAND, str(cut))
            engine.answer(stream, frame_reply(refuse(ctx, session, "(cut frame)", cut_short, TRANSPORT)))
            return
        except ConnectionError:
            return
        reply = await execute(ctx, session, code, payload, TRANSPORT)
        engine.answer(stream, frame_reply(reply), close_code=0 if session.stale else None)

    def _is_vsr(self, first_eight: bytes) -> bool:
        """The connection's framing, fixed by its first stream (a later stream of the other framing is refused as
        a malformed frame of the connection's own)."""
        if not self.framing_known:
            self.framing_known = True
            if vsr.is_vsr_prefix(first_eight):
                self.session.protocol = ProtocolVersion.V0_9
        return self.session.protocol >= ProtocolVersion.V0_9

    async def _serve_vsr_stream(self, stream: int, first_eight: bytes) -> None:
        session, engine = self.session, self.listener.engine
        header = first_eight + bytes(await self.listener.read(stream, VSR_HEADER_SIZE - len(first_eight)))
        size = int.from_bytes(header[REQUEST_HEADER_SIZE_AT : REQUEST_HEADER_SIZE_AT + 4], "little")
        limits = self.listener.ctx.config.limits
        body_limit = VSR_MAX_FRAME_BYTES if session.user_id is not None else limits.max_unauthenticated_request_bytes
        if not VSR_HEADER_SIZE <= size <= VSR_HEADER_SIZE + body_limit:
            log.info("quic client %d: a 0.9 frame of %d bytes; closing", session.client_id, size)
            self.close(_PROTOCOL_VIOLATION, "bad frame size")
            return
        body = await self.listener.read(stream, size - VSR_HEADER_SIZE)
        ctx = self.listener.ctx
        outcome = await vsr.handle_request(ctx, session, vsr.parse_request_header(header), memoryview(body))
        close = (_PROTOCOL_VIOLATION, "protocol violation") if outcome.close else (None, "")
        if outcome.parts:
            engine.answer(stream, outcome.parts, close_code=close[0], close_reason=close[1])
        elif outcome.close:
            self.close(_PROTOCOL_VIOLATION, close[1])


class QuicListener:
    def __init__(self, ctx: TransportContext) -> None:
        self.ctx = ctx
        self.engine: Any = None
        self.address: tuple[str, int] | None = None
        self._connections: dict[int, _Connection] = {}
        self._reads: dict[int, asyncio.Future[Any]] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self._loop: asyncio.AbstractEventLoop | None = None

    def _certificate(self) -> tuple[list[bytes], bytes]:
        """The certificate chain and the private key (PKCS#8), DER."""
        certificate = self.ctx.config.quic.certificate
        if certificate.self_signed:
            from .certificates import self_signed

            leaf, key = self_signed()
            chain = [leaf]
        else:
            if not (certificate.cert_file and certificate.key_file):
                raise ConfigError("quic.certificate: cert_file and key_file are required when self_signed is false")
            try:
                chain = x509.load_pem_x509_certificates(open(certificate.cert_file, "rb").read())
                key = serialization.load_pem_private_key(open(certificate.key_file, "rb").read(), password=None)
            except (OSError, ValueError) as error:
                files = f"{certificate.cert_file!r} / {certificate.key_file!r}"
                raise ConfigError(f"quic.certificate: cannot load {files}: {error}") from None
        key_der = key.private_bytes(
            serialization.Encoding.DER, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
        )
        return [c.public_bytes(serialization.Encoding.DER) for c in chain], key_der

    async def start(self, host: str, port: int) -> tuple[str, int]:
        config = self.ctx.config.quic
        chain, key = self._certificate()
        try:
            self.engine = _native.QuicEndpoint(
                host, port, chain, key, config.receive_window_bytes, config.max_idle_timeout_ms,
                _MAX_CONCURRENT_STREAMS,
            )  # fmt: skip
        except ValueError as error:
            raise ConfigError(f"quic: {error}") from None
        self._loop = asyncio.get_running_loop()
        self._loop.add_reader(self.engine.notify_fd, self._on_events)
        self.address = self.engine.local_address
        return self.address

    def read(self, stream: int, size: int) -> asyncio.Future[Any]:
        """The next ``size`` bytes of the stream's request, a writable buffer (``_StreamCut`` when it ends first,
        ConnectionError when it was reset or its connection is gone)."""
        assert self._loop is not None
        future: asyncio.Future[Any] = self._loop.create_future()
        if size == 0:
            future.set_result(bytearray())
            return future
        self._reads[stream] = future
        self.engine.read_exactly(stream, size)
        return future

    def _on_events(self) -> None:
        for kind, ident, value in self.engine.take_events():
            if kind == _native.QUIC_EVENT_READ:
                self._settle(ident, value, None)
            elif kind == _native.QUIC_EVENT_READ_CUT:
                self._settle(ident, None, _StreamCut(value))
            elif kind == _native.QUIC_EVENT_READ_LOST:
                self._settle(ident, None, ConnectionError("quic stream reset or connection lost"))
            elif kind == _native.QUIC_EVENT_STREAM:
                connection = self._connections.get(value)
                if connection is not None:
                    task = asyncio.get_running_loop().create_task(connection.serve_stream(ident))
                    self._tasks.add(task)
                    task.add_done_callback(self._tasks.discard)
            elif kind == _native.QUIC_EVENT_CONNECTION:
                self._open(ident, value)
            elif kind == _native.QUIC_EVENT_CLOSED:
                connection = self._connections.pop(ident, None)
                if connection is not None:
                    close_session(self.ctx, connection.session)

    def _settle(self, stream: int, data: Any, error: Exception | None) -> None:
        future = self._reads.pop(stream, None)
        if future is None or future.done():
            return
        if error is not None:
            future.set_exception(error)
        else:
            future.set_result(data)

    def _open(self, connection: int, peer: str) -> None:
        engine = self.engine
        session = open_session(self.ctx, peer, Transport.QUIC, lambda: engine.close(connection, 0, ""))
        if session is None:
            engine.close(connection, 0, "server busy")
            return
        self._connections[connection] = _Connection(self, connection, session)

    async def stop(self) -> None:
        if self.engine is None:
            return
        if self._loop is not None:
            self._loop.remove_reader(self.engine.notify_fd)
        self.engine.stop()
        for task in list(self._tasks):
            task.cancel()
        for connection in self._connections.values():
            close_session(self.ctx, connection.session)
        self._connections.clear()
        for future in self._reads.values():
            if not future.done():
                future.cancel()
        self._reads.clear()
