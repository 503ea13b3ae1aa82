"""Prometheus metrics served at ``http.metrics.endpoint`` (text format rendered by ``prometheus_client``).

Counters kept here are bumped by the shared command entry (QUIC, WebSocket, HTTP); the TCP fast path keeps
no per-request counter, its traffic shows in the hot-path counters and the resource gauges, which are read
from the server's own state at scrape time (one source of truth, nothing to keep in sync).
"""

from __future__ import annotations

from typing import Any

from iggy.protocol.codes import Command
from prometheus_client import CollectorRegistry, Counter, disable_created_metrics, generate_latest
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily
from prometheus_client.registry import Collector

__all__ = ["METRICS", "Metrics", "CONTENT_TYPE"]

# The *_created series double the exposition for no use here (Iggy's /metrics has none).
disable_created_metrics()

CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"
_COMMAND_NAMES = {int(command): command.name.lower() for command in Command}


class _StateCollector(Collector):
    """Gauges read from the server context and the native hot path when scraped."""

    def __init__(self) -> None:
        self.ctx: Any = None

    def collect(self):  # type: ignore[override]
        ctx = self.ctx
        if ctx is None:
            return
        counts = ctx.metadata.counts()
        for name, key, about in (
            ("iggy_streams", "streams", "streams"),
            ("iggy_topics", "topics", "topics"),
            ("iggy_partitions", "partitions", "partitions"),
            ("iggy_segments", "segments", "segments"),
            ("iggy_messages", "messages", "messages stored"),
            ("iggy_messages_size_bytes", "size_bytes", "bytes of messages stored"),
            ("iggy_consumer_groups", "consumer_groups", "consumer groups"),
        ):
            yield GaugeMetricFamily(name, f"Number of {about}", value=counts[key])
        yield GaugeMetricFamily("iggy_clients", "Connected clients (TCP, QUIC, WebSocket)", value=len(ctx.clients))
        hot = GaugeMetricFamily(
            "iggy_hot_path", "Native hot-path counters (buffer pool, segment writer)", labels=["counter"]
        )
        for key, value in ctx.io.stats().items():
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                continue
            hot.add_metric([key], value)
        yield hot
        run_time_s = ctx.run_time_us() / 1e6
        yield CounterMetricFamily("iggy_run_time_seconds", "Seconds since the server started", value=run_time_s)


class Metrics:
    def __init__(self) -> None:
        self.registry = CollectorRegistry(auto_describe=False)
        self._requests = Counter(
            "iggy_requests", "Requests per transport and command", ["transport", "command"], registry=self.registry
        )
        self._errors = Counter(
            "iggy_request_errors", "Error replies per transport and Iggy error code", ["transport", "code"],
            registry=self.registry,
        )
        self._received = Counter("iggy_received_bytes", "Request payload bytes", ["transport"], registry=self.registry)
        self._sent = Counter("iggy_sent_bytes", "Response body bytes", ["transport"], registry=self.registry)
        self._http = Counter("iggy_http_requests", "HTTP requests per status", ["status"], registry=self.registry)
        self._messages_in = Counter("iggy_messages_sent", "Messages received in HTTP sends", registry=self.registry)
        self._messages_out = Counter("iggy_messages_polled", "Messages returned by HTTP polls", registry=self.registry)
        self._state = _StateCollector()
        self.registry.register(self._state)

    def attach(self, ctx: Any) -> None:
        self._state.ctx = ctx

    def request(self, transport: str, code: int, payload_bytes: int) -> None:
        self._requests.labels(transport, _COMMAND_NAMES.get(code, str(code))).inc()
        self._received.labels(transport).inc(payload_bytes)

    def response(self, transport: str, body_bytes: int) -> None:
        self._sent.labels(transport).inc(body_bytes)

    def error(self, transport: str, code: int) -> None:
        self._errors.labels(transport, str(code)).inc()

    def http_status(self, status: int) -> None:
        self._http.labels(str(status)).inc()

    def messages(self, sent: int = 0, polled: int = 0) -> None:
        if sent:
            self._messages_in.inc(sent)
        if polled:
            self._messages_out.inc(polled)

    def render(self) -> bytes:
        return generate_latest(self.registry)


METRICS = Metrics()
