"""OpenTelemetry export (``[telemetry]``, Iggy 0.8's keys): the server's logs and a span per request over OTLP.

Off by default. When ``enabled``, :func:`start_telemetry` builds the SDK's tracer and logger providers (resource
``service.name`` = ``telemetry.service_name``) with batch processors (bounded queues: past them records are
dropped, never buffered without bound) and OTLP exporters over gRPC or HTTP (``telemetry.traces.transport``,
``telemetry.logs.transport``) to their endpoints. Every log record of the server goes to the logs exporter (the
audit trail included). Every request becomes one span named after its command, sampled by
``telemetry.traces.sample_ratio`` (trace-id ratio), with the command, transport, client, stream and topic ids and
the Iggy result code (0 = OK) as attributes; its duration is the request's, from its whole frame to its answer.

Nothing of this runs on the TCP fast path while telemetry is off: TCP connections are then the plain
:class:`~iggy_server.tcp.connection.Connection` class, and only with telemetry on does the server accept them with
:class:`TracedConnection`, which wraps the request's start and answer. QUIC, WebSocket and HTTP go through
:func:`~iggy_server.transports.execute.execute`, which tests ``ctx.telemetry`` once per request.
"""

from __future__ import annotations

import logging
import time
from typing import Any

from iggy.protocol.codes import Command, Transport
from iggy.protocol.messages import SendMessagesView
from iggy.protocol.requests import decode_request

from .tcp.connection import Connection

__all__ = ["Telemetry", "TelemetryUnavailable", "TracedConnection", "start_telemetry", "TRANSPORTS"]

TRANSPORTS = ("grpc", "http")
_TRANSPORT_NAMES = {
    Transport.TCP: "tcp", Transport.QUIC: "quic", Transport.HTTP: "http", Transport.WEB_SOCKET: "websocket"
}
_COMMAND_NAMES = {int(command): command.name.lower() for command in Command}
# How long a graceful stop waits for the exporters to send what they hold.
SHUTDOWN_FLUSH_MS = 5000

log = logging.getLogger(__name__)


class TelemetryUnavailable(ImportError):
    """``telemetry.enabled`` without the OpenTelemetry packages (the server's ``telemetry`` extra)."""


class Telemetry:
    """The providers and the per-request span helpers."""

    def __init__(self, tracer_provider: Any, logger_provider: Any, log_handler: logging.Handler) -> None:
        self._tracer_provider = tracer_provider
        self._logger_provider = logger_provider
        self._log_handler = log_handler
        self.tracer = tracer_provider.get_tracer("iggy_server")
        from opentelemetry.trace import Status, StatusCode

        self._error_status = Status(StatusCode.ERROR)

    def start_request(self, code: int, transport_kind: int, client_id: int, payload: Any, start_ns: int) -> Any:
        """The span of a request whose frame arrived at ``start_ns`` (``time.time_ns()``); target ids are decoded
        only when it is sampled."""
        name = _COMMAND_NAMES.get(code, "unknown")
        span = self.tracer.start_span(name, start_time=start_ns)
        if span.is_recording():
            span.set_attribute("iggy.command", name)
            span.set_attribute("iggy.command.code", code)
            span.set_attribute("iggy.transport", _TRANSPORT_NAMES.get(transport_kind, str(transport_kind)))
            span.set_attribute("iggy.client_id", client_id)
            for key, value in _target_ids(code, payload):
                span.set_attribute(key, value)
        return span

    def end_request(self, span: Any, status: int) -> None:
        """``status``: 0 when answered OK, else the Iggy error code."""
        if span.is_recording():
            span.set_attribute("iggy.result_code", status)
            if status:
                span.set_status(self._error_status)
        span.end()

    def refused(self, code: int, transport_kind: int, client_id: int, status: int) -> None:
        """A request refused before it ran (its frame or its login): a span of its own."""
        self.end_request(self.start_request(code, transport_kind, client_id, None, time.time_ns()), status)

    def shutdown(self) -> None:
        """Send what the batch processors hold (bounded wait), then stop the exporters."""
        logging.getLogger().removeHandler(self._log_handler)
        for provider in (self._tracer_provider, self._logger_provider):
            try:
                provider.force_flush(SHUTDOWN_FLUSH_MS)
                provider.shutdown()
            except Exception:
                log.exception("stopping the telemetry exporters failed")


def _target_ids(code: int, payload: Any) -> list[tuple[str, Any]]:
    """The stream and topic identifiers the request names (as sent: a numeric id or a name), if any."""
    if payload is None:
        return []
    try:
        request = SendMessagesView.decode(payload) if code == Command.SEND_MESSAGES else decode_request(code, payload)
    except Exception:  # the handler answers the decoding error; the span just has no target
        return []
    found = []
    for field, key in (("stream_id", "iggy.stream_id"), ("topic_id", "iggy.topic_id")):
        identifier = getattr(request, field, None)
        value = getattr(identifier, "value", None)
        if isinstance(value, (int, str)):
            found.append((key, value))
    return found


def start_telemetry(config: Any) -> Telemetry | None:
    """The providers and exporters of an enabled ``[telemetry]`` (None when disabled); TelemetryUnavailable when
    the OpenTelemetry packages are not installed."""
    settings = config.telemetry
    if not settings.enabled:
        return None
    try:
        from opentelemetry.instrumentation.logging.handler import LoggingHandler
        from opentelemetry.sdk._logs import LoggerProvider
        from opentelemetry.sdk._logs.export import BatchLogRecordProcessor
        from opentelemetry.sdk.resources import Resource
        from opentelemetry.sdk.trace import TracerProvider
        from opentelemetry.sdk.trace.export import BatchSpanProcessor
        from opentelemetry.sdk.trace.sampling import TraceIdRatioBased

        span_exporter = _exporter("trace", settings.traces)
        log_exporter = _exporter("log", settings.logs)
    except ImportError as error:
        raise TelemetryUnavailable(
            f"telemetry.enabled needs the OpenTelemetry packages, the server's `telemetry` extra "
            f"(pip install 'iggy-server[telemetry]'; the Makefile installs it): {error}"
        ) from error
    resource = Resource.create({"service.name": settings.service_name})
    tracer_provider = TracerProvider(resource=resource, sampler=TraceIdRatioBased(settings.traces.sample_ratio))
    tracer_provider.add_span_processor(BatchSpanProcessor(span_exporter))
    logger_provider = LoggerProvider(resource=resource)
    logger_provider.add_log_record_processor(BatchLogRecordProcessor(log_exporter))
    handler = LoggingHandler(logger_provider=logger_provider)
    # The exporters log their own failures: those lines must not be exported again (a loop while the collector
    # is down).
    handler.addFilter(lambda record: not record.name.startswith("opentelemetry"))
    logging.getLogger().addHandler(handler)
    log.info(
        "telemetry: traces (%s, sample ratio %g) to %s, logs (%s) to %s, service %s",
        settings.traces.transport, settings.traces.sample_ratio, settings.traces.endpoint,
        settings.logs.transport, settings.logs.endpoint, settings.service_name,
    )
    return Telemetry(tracer_provider, logger_provider, handler)


def _exporter(signal: str, settings: Any) -> Any:
    if settings.transport == "grpc":
        module = __import__(
            f"opentelemetry.exporter.otlp.proto.grpc.{'trace_exporter' if signal == 'trace' else '_log_exporter'}",
            fromlist=["_"],
        )
        cls = module.OTLPSpanExporter if signal == "trace" else module.OTLPLogExporter
        return cls(endpoint=settings.endpoint, insecure=settings.endpoint.startswith("http://"))
    module = __import__(
        f"opentelemetry.exporter.otlp.proto.http.{'trace_exporter' if signal == 'trace' else '_log_exporter'}",
        fromlist=["_"],
    )
    cls = module.OTLPSpanExporter if signal == "trace" else module.OTLPLogExporter
    return cls(endpoint=settings.endpoint)


class TracedConnectionMixin:
    """Wraps a TCP connection's requests in spans (mixed into ``Connection`` only when telemetry is on)."""

    _span: Any = None
    _span_status = 0

    def _on_payload(self) -> None:
        telemetry = self.ctx.telemetry
        session = self.session
        self._span = telemetry.start_request(
            self._code, Transport.TCP, session.client_id, self._payload_view, time.time_ns()
        )
        self._span_status = 0
        super()._on_payload()

    def _reject(self, code: int, error: int, message: str, frame_reason: str | None = None) -> None:
        super()._reject(code, error, message, frame_reason)
        if self._span is None:  # refused before it ran (unknown code, oversize, no login...)
            session = self.session
            self.ctx.telemetry.refused(code, Transport.TCP, session.client_id if session else 0, int(error))
        else:
            self._span_status = int(error)

    def _finish(
        self, code: int, payload: memoryview, started_user: int | None, result: Any, error: Exception | None
    ) -> None:
        try:
            super()._finish(code, payload, started_user, result, error)
        finally:
            span, self._span = self._span, None
            if span is not None:
                self.ctx.telemetry.end_request(span, self._span_status)


class TracedConnection(TracedConnectionMixin, Connection):
    """The TCP connection of a server with telemetry on."""
