"""QUIC transport (aioquic): one client-opened bidirectional stream per request, carrying the TCP framing.

Both protocol versions: a connection's first stream tells its framing (a 0.9 request header starts with a zero
checksum, a 0.8 length is never 0) and every later stream must use the same; a 0.9 stream carries one request
frame (header and body) and gets one reply or eviction frame, run by ``iggy_server.vsr``.

TLS 1.3 without ALPN (Iggy 0.8 sets none; aioquic negotiates ALPN only when ``alpn_protocols`` is set).
Certificate: a fresh self-signed ECDSA P-256 one per start (``quic.certificate.self_signed``) or the
configured PEM files. Login state per connection. Per stream: read the 8-byte header, refuse unknown /
oversize / unauthenticated requests before reading the payload, read it, run it through the shared entry,
write the reply and FIN. A stream cut mid-frame is answered 3 InvalidCommand; the connection stays up.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from aioquic.asyncio import QuicConnectionProtocol, serve
from aioquic.quic.configuration import QuicConfiguration
from aioquic.quic.events import ConnectionTerminated, QuicEvent
from cryptography import x509
from cryptography.hazmat.primitives import serialization
from iggy.protocol.codes import VSR_HEADER_SIZE, VSR_MAX_FRAME_BYTES, ErrorCode, ProtocolVersion, Transport
from iggy.protocol.layout import REQUEST_HEADER_SIZE_AT

from .. import vsr
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


class _IggyQuicProtocol(QuicConnectionProtocol):
    """One QUIC connection = one session."""

    # Set on the subclass each listener makes (aioquic builds protocols without arguments of ours).
    ctx: TransportContext

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs["stream_handler"] = self._on_stream
        super().__init__(*args, **kwargs)
        self.session: Any = None
        self._tasks: set[asyncio.Task[None]] = set()
        self._framing_known = False

    def connection_made(self, transport: Any) -> None:
        super().connection_made(transport)

    def _ensure_session(self) -> Any:
        if self.session is None:
            peer = self._quic._network_paths[0].addr if self._quic._network_paths else ("?", 0)
            self.session = open_session(self.ctx, f"{peer[0]}:{peer[1]}", Transport.QUIC, self.close)
        return self.session

    def quic_event_received(self, event: QuicEvent) -> None:
        if isinstance(event, ConnectionTerminated) and self.session is not None:
            close_session(self.ctx, self.session)
            self.session = None
        super().quic_event_received(event)

    def _on_stream(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.get_running_loop().create_task(self._serve_stream(reader, writer))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _serve_stream(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        session = self._ensure_session()
        if session is None:
            self.close(error_code=0x0, reason_phrase="server busy")
            return
        try:
            header = await reader.readexactly(8)
            if self._is_vsr(session, header):
                await self._serve_vsr_stream(session, header, reader, writer)
                return
            length, code = REQUEST_HEADER.unpack(header)
            refused = check_request(self.ctx, session, code, length - 4, ProtocolVersion.V0_8)
            if refused is not None:
                self._answer(writer, frame_reply(refuse(self.ctx, session, code, refused, TRANSPORT)))
                if refused.close:
                    # The answer's packets first: closing at once would drop them with the connection.
                    self.transmit()
                    self.close()
                    return
                if length > 4:
                    # The payload is never read: STOP_SENDING tells the peer to stop sending it, so the
                    # stream's unread bytes cannot hold flow-control credit.
                    self._quic.stop_stream(writer.transport.stream_id, _STOP_SENDING_ERROR_CODE)
                    self.transmit()
                return
            payload = await reader.readexactly(length - 4)
        except asyncio.IncompleteReadError as cut:
            # The header may be among the bytes lost: the refusal names no command.
            message = f"stream ended mid-frame after {len(cut.partial)} bytes"
            cut_short = IggyError(ErrorCode.INVALID_COMMAND, message)
            self._answer(writer, frame_reply(refuse(self.ctx, session, "(cut frame)", cut_short, TRANSPORT)))
            return
        except ConnectionError:
            return
        reply = await execute(self.ctx, session, code, payload, TRANSPORT)
        self._answer(writer, frame_reply(reply))
        if session.stale:
            self.close()

    def _is_vsr(self, session: Any, first_eight: bytes) -> bool:
        """The connection's framing, fixed by its first stream (a later stream of the other framing is refused as
        a malformed frame of the connection's own)."""
        if not self._framing_known:
            self._framing_known = True
            if vsr.is_vsr_prefix(first_eight):
                session.protocol = ProtocolVersion.V0_9
        return session.protocol >= ProtocolVersion.V0_9

    async def _serve_vsr_stream(
        self, session: Any, first_eight: bytes, reader: asyncio.StreamReader, writer: asyncio.StreamWriter
    ) -> None:
        header = first_eight + await reader.readexactly(VSR_HEADER_SIZE - len(first_eight))
        size = int.from_bytes(header[REQUEST_HEADER_SIZE_AT : REQUEST_HEADER_SIZE_AT + 4], "little")
        limits = self.ctx.config.limits
        body_limit = VSR_MAX_FRAME_BYTES if session.user_id is not None else limits.max_unauthenticated_request_bytes
        if not VSR_HEADER_SIZE <= size <= VSR_HEADER_SIZE + body_limit:
            log.info("quic client %d: a 0.9 frame of %d bytes; closing", session.client_id, size)
            self.close(error_code=_PROTOCOL_VIOLATION, reason_phrase="bad frame size")
            return
        body = await reader.readexactly(size - VSR_HEADER_SIZE)
        outcome = await vsr.handle_request(self.ctx, session, vsr.parse_request_header(header), memoryview(body))
        if outcome.parts:
            self._answer(writer, outcome.parts)
        if outcome.close:
            self.close(error_code=_PROTOCOL_VIOLATION, reason_phrase="protocol violation")

    @staticmethod
    def _answer(writer: asyncio.StreamWriter, parts: list[Any]) -> None:
        try:
            writer.writelines(parts)
            writer.write_eof()
        except Exception:  # the peer reset the stream or the connection is gone: nobody to answer
            log.debug("quic stream closed before the reply", exc_info=True)


class QuicListener:
    def __init__(self, ctx: TransportContext) -> None:
        self.ctx = ctx
        self._server: Any = None
        self.address: tuple[str, int] | None = None

    def _configuration(self) -> QuicConfiguration:
        config = self.ctx.config.quic
        window_bytes = config.receive_window_bytes
        configuration = QuicConfiguration(
            is_client=False,
            alpn_protocols=None,
            idle_timeout=config.max_idle_timeout_ms / 1000,
            max_data=window_bytes,
            max_stream_data=window_bytes,
        )
        certificate = config.certificate
        if certificate.self_signed:
            from .certificates import self_signed

            configuration.certificate, configuration.private_key = self_signed()
        else:
            if not (certificate.cert_file and certificate.key_file):
                raise ConfigError("quic.certificate: cert_file and key_file are required when self_signed is false")
            try:
                configuration.certificate = x509.load_pem_x509_certificate(open(certificate.cert_file, "rb").read())
                configuration.private_key = serialization.load_pem_private_key(
                    open(certificate.key_file, "rb").read(), password=None
                )
            except (OSError, ValueError) as error:
                files = f"{certificate.cert_file!r} / {certificate.key_file!r}"
                raise ConfigError(f"quic.certificate: cannot load {files}: {error}") from None
        return configuration

    async def start(self, host: str, port: int) -> tuple[str, int]:
        ctx = self.ctx

        class Protocol(_IggyQuicProtocol):
            pass

        Protocol.ctx = ctx
        self._server = await serve(host, port, configuration=self._configuration(), create_protocol=Protocol)
        sockname = self._server._transport.get_extra_info("sockname")
        self.address = (sockname[0], sockname[1])
        return self.address

    async def stop(self) -> None:
        if self._server is not None:
            self._server.close()
