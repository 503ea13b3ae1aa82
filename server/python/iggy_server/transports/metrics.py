"""Prometheus metrics served at ``http.metrics.endpoint`` (text format rendered by ``prometheus_client``).

Traffic is counted in plain integers per transport (:class:`TransportCounters`, one per Iggy ``Transport``): one
increment per request, per answer and per message batch, never per message, and no lock or label lookup on the
way (a ``prometheus_client`` counter costs a lock and a dict per increment). TCP counts in its inline path
(``tcp/dispatch.py``: requests, errors, answer bytes; its connections' received bytes are summed at scrape time),
QUIC, WebSocket and HTTP in the shared command entry (``execute.py``), and the message handlers count the
messages each batch sends and each poll returns on whichever transport carried them. Everything else is read from
the server's own state when scraped (one source of truth, nothing to keep in sync): resource gauges, segment and
index-cache gauges, consumer-group lag.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from iggy.protocol.codes import Command, Transport
from prometheus_client import CollectorRegistry, generate_latest
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

from ..storage import CONSUMER_GROUP

if TYPE_CHECKING:  # the context imports the storage and metadata, which count their traffic here
    from ..context import TransportContext

__all__ = ["CONTENT_TYPE", "METRICS", "Metrics", "TRAFFIC", "TransportCounters", "command_slot"]

CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"
_COMMAND_NAMES = {int(command): command.name.lower() for command in Command}
# requests[code] for every command code; the last slot gathers anything else (unknown codes, HTTP-layer refusals),
# so a client sending garbage codes cannot grow the label set.
UNKNOWN_SLOT = max(_COMMAND_NAMES) + 1
_TRANSPORT_LABELS = {
    Transport.TCP: "tcp", Transport.QUIC: "quic", Transport.HTTP: "http", Transport.WEB_SOCKET: "websocket"
}


def command_slot(request: int | str) -> int:
    """The ``requests`` slot of a command code (``UNKNOWN_SLOT`` for anything that is not a known command)."""
    return request if isinstance(request, int) and request in _COMMAND_NAMES else UNKNOWN_SLOT


class TransportCounters:
    """Traffic of one transport since the start. Bumped from the event loop thread only."""

    __slots__ = ("label", "requests", "errors", "received_bytes", "sent_bytes", "messages_in", "messages_out")

    def __init__(self, label: str) -> None:
        self.label = label
        self.requests = [0] * (UNKNOWN_SLOT + 1)  # indexed by command code
        self.errors: dict[tuple[int, int], int] = {}  # (command slot, Iggy error code) → answers
        self.received_bytes = 0
        self.sent_bytes = 0
        self.messages_in = 0  # messages stored from this transport's SendMessages
        self.messages_out = 0  # messages returned by its PollMessages

    def error(self, request: int | str, code: int) -> None:
        key = (command_slot(request), int(code))
        self.errors[key] = self.errors.get(key, 0) + 1

    def clear(self) -> None:
        """Back to zero, in place: the hot paths hold this object, not a copy."""
        self.requests[:] = [0] * len(self.requests)
        self.errors.clear()
        self.received_bytes = self.sent_bytes = self.messages_in = self.messages_out = 0


# Indexed by the Iggy Transport value of a session (`session.transport_kind`): TRAFFIC[Transport.TCP] ...
TRAFFIC: list[TransportCounters] = [
    TransportCounters(_TRANSPORT_LABELS.get(kind, "none")) for kind in range(max(_TRANSPORT_LABELS) + 1)
]


def _command_label(slot: int) -> str:
    return _COMMAND_NAMES.get(slot, "unknown")


class _StateCollector(Collector):
    """Counters and gauges read when scraped: traffic, server state, storage, consumer-group lag."""

    def __init__(self) -> None:
        self.ctx: TransportContext | None = None
        # Bytes received by the live TCP connections (their frame readers count them); set by the TCP server.
        self.live_tcp_received_bytes: Callable[[], int] = lambda: 0
        self.http_statuses: dict[int, int] = {}

    def collect(self) -> Iterator[Metric]:
        yield from self._traffic()
        ctx = self.ctx
        if ctx is None:
            return
        yield from self._state(ctx)
        yield from self._storage(ctx)
        yield _consumer_group_lag(ctx)
        run_time_s = ctx.run_time_us() / 1e6
        yield GaugeMetricFamily("iggy_run_time_seconds", "Seconds since the server started", value=run_time_s)

    def _traffic(self) -> Iterator[Metric]:
        requests = CounterMetricFamily(
            "iggy_requests", "Requests per transport and command", labels=["transport", "command"]
        )
        errors = CounterMetricFamily(
            "iggy_request_errors", "Error answers per transport, command and Iggy error code",
            labels=["transport", "command", "code"],
        )
        received = CounterMetricFamily("iggy_received_bytes", "Request bytes received", labels=["transport"])
        sent = CounterMetricFamily("iggy_sent_bytes", "Answer bytes sent", labels=["transport"])
        messages_in = CounterMetricFamily(
            "iggy_messages_sent", "Messages stored from SendMessages", labels=["transport"]
        )
        messages_out = CounterMetricFamily(
            "iggy_messages_polled", "Messages returned by PollMessages", labels=["transport"]
        )
        for counters in TRAFFIC:
            if counters.label == "none":
                continue
            label = counters.label
            for slot, count in enumerate(counters.requests):
                if count:
                    requests.add_metric([label, _command_label(slot)], count)
            for (slot, code), count in list(counters.errors.items()):
                errors.add_metric([label, _command_label(slot), str(code)], count)
            received_bytes = counters.received_bytes
            if label == "tcp":
                received_bytes += self.live_tcp_received_bytes()
            received.add_metric([label], received_bytes)
            sent.add_metric([label], counters.sent_bytes)
            messages_in.add_metric([label], counters.messages_in)
            messages_out.add_metric([label], counters.messages_out)
        http = CounterMetricFamily("iggy_http_requests", "HTTP requests per status", labels=["status"])
        for status, count in sorted(self.http_statuses.items()):
            http.add_metric([str(status)], count)
        yield from (requests, errors, received, sent, messages_in, messages_out, http)

    def _state(self, ctx: TransportContext) -> Iterator[Metric]:
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
            "iggy_hot_path", "Native hot-path counters (buffer pool, segment writer, open files)", labels=["counter"]
        )
        for key, value in ctx.io.stats().items():
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                continue
            hot.add_metric([key], value)
        yield hot

    def _storage(self, ctx: TransportContext) -> Iterator[Metric]:
        sealed = cached = index_bytes = 0
        for _, _, partition in ctx.metadata.all_partitions():
            partition_sealed, partition_cached, partition_bytes = partition.log.index_memory()
            sealed += partition_sealed
            cached += partition_cached
            index_bytes += partition_bytes
        yield GaugeMetricFamily(
            "iggy_segments_sealed", "Sealed segments (the rest are active, one per partition)", value=sealed
        )
        yield GaugeMetricFamily(
            "iggy_index_cache_segments", "Segments whose whole index is in memory (system.segment.cache_indexes)",
            value=cached,
        )
        yield GaugeMetricFamily(
            "iggy_index_cache_bytes", "Bytes of segment index entries held in memory", value=index_bytes
        )
        mode = GaugeMetricFamily(
            "iggy_index_cache_mode", "system.segment.cache_indexes (1 for the mode in use)", labels=["mode"]
        )
        mode.add_metric([ctx.metadata.storage_config.cache_indexes.value], 1)
        yield mode


def _consumer_group_lag(ctx: TransportContext) -> Metric:
    """Per group and partition: messages after the group's stored offset (all retained ones without one)."""
    lag = GaugeMetricFamily(
        "iggy_consumer_group_lag", "Messages of a partition after its consumer group's stored offset",
        labels=["stream", "topic", "group", "partition"],
    )
    for stream in ctx.metadata.streams:
        for topic in stream.topics:
            for group in topic.groups:
                for partition in topic.partitions:
                    log = partition.log
                    stored = partition.offsets.get(CONSUMER_GROUP, group.id)
                    start = log.first_offset if stored is None else max(stored + 1, log.first_offset)
                    labels = [stream.name, topic.name, group.name, str(partition.id)]
                    lag.add_metric(labels, max(log.next_offset - start, 0))
    return lag


class Metrics:
    def __init__(self) -> None:
        self.registry = CollectorRegistry(auto_describe=False)
        self._state = _StateCollector()
        self.registry.register(self._state)

    def attach(self, ctx: TransportContext) -> None:
        self._state.ctx = ctx

    def count_live_tcp_bytes(self, live_received_bytes: Callable[[], int]) -> None:
        self._state.live_tcp_received_bytes = live_received_bytes

    def http_status(self, status: int) -> None:
        statuses = self._state.http_statuses
        statuses[status] = statuses.get(status, 0) + 1

    def render(self) -> bytes:
        return generate_latest(self.registry)

    def clear(self) -> None:
        """Every count back to zero, as in a new process: for a test server that starts over in its process
        (``iggy_server.testing.resettable``)."""
        self._state.ctx = None
        self._state.live_tcp_received_bytes = lambda: 0
        self._state.http_statuses.clear()
        for counters in TRAFFIC:
            counters.clear()


METRICS = Metrics()
