"""``[telemetry]``: a real OTLP receiver in this process (the collector's gRPC services, or its HTTP endpoints,
built on the opentelemetry-proto messages) gets a span per request and the server's log records."""

from __future__ import annotations

import logging
import threading
from concurrent import futures
from types import SimpleNamespace
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import grpc
import pytest
from opentelemetry.proto.collector.logs.v1 import logs_service_pb2, logs_service_pb2_grpc
from opentelemetry.proto.collector.trace.v1 import trace_service_pb2, trace_service_pb2_grpc
from server_support import ServerProcess
from vsr_support import VsrClient
from transports.transport_support import Http

from iggy.protocol import requests
from iggy.protocol.codes import Command, ErrorCode
from iggy.protocol.framing import encode_request
from iggy.protocol.messages import Message, encode_send_messages
from iggy.protocol.primitives import Identifier, Partitioning, PollingStrategy
from iggy_server.telemetry import start_telemetry

SERVICE = "iggy-under-test"


class Received:
    """What the receiver got: spans and log records, flattened."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.spans: list[dict] = []
        self.logs: list[dict] = []
        self.services: set[str] = set()

    def add_traces(self, request: trace_service_pb2.ExportTraceServiceRequest) -> None:
        with self.lock:
            for resource_spans in request.resource_spans:
                self.services.add(_service(resource_spans.resource))
                for scope in resource_spans.scope_spans:
                    for span in scope.spans:
                        attributes = {a.key: _value(a.value) for a in span.attributes}
                        self.spans.append(
                            {"name": span.name, "attributes": attributes, "status": span.status.code,
                             "duration_ns": span.end_time_unix_nano - span.start_time_unix_nano}
                        )  # fmt: skip

    def add_logs(self, request: logs_service_pb2.ExportLogsServiceRequest) -> None:
        with self.lock:
            for resource_logs in request.resource_logs:
                self.services.add(_service(resource_logs.resource))
                for scope in resource_logs.scope_logs:
                    for record in scope.log_records:
                        self.logs.append({"body": record.body.string_value, "severity": record.severity_text})


def _value(value) -> object:
    return getattr(value, value.WhichOneof("value"))


def _service(resource) -> str:
    return next(_value(a.value) for a in resource.attributes if a.key == "service.name")


class GrpcReceiver(trace_service_pb2_grpc.TraceServiceServicer):
    """The OTLP collector's gRPC trace and logs services."""

    def __init__(self, received: Received) -> None:
        self.received = received
        self.server = grpc.server(futures.ThreadPoolExecutor(max_workers=2))
        trace_service_pb2_grpc.add_TraceServiceServicer_to_server(self, self.server)
        logs_service_pb2_grpc.add_LogsServiceServicer_to_server(_GrpcLogs(received), self.server)
        self.port = self.server.add_insecure_port("127.0.0.1:0")
        self.server.start()

    def Export(self, request, context):  # noqa: N802 - the service's method name
        self.received.add_traces(request)
        return trace_service_pb2.ExportTraceServiceResponse()

    def endpoints(self) -> tuple[str, str]:
        return f"http://127.0.0.1:{self.port}", f"http://127.0.0.1:{self.port}"

    def stop(self) -> None:
        self.server.stop(None)


class _GrpcLogs(logs_service_pb2_grpc.LogsServiceServicer):
    def __init__(self, received: Received) -> None:
        self.received = received

    def Export(self, request, context):  # noqa: N802
        self.received.add_logs(request)
        return logs_service_pb2.ExportLogsServiceResponse()


class HttpReceiver:
    """The OTLP collector's HTTP endpoints (/v1/traces, /v1/logs; protobuf bodies)."""

    def __init__(self, received: Received) -> None:
        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802
                body = self.rfile.read(int(self.headers["Content-Length"]))
                if self.path == "/v1/traces":
                    received.add_traces(trace_service_pb2.ExportTraceServiceRequest.FromString(body))
                    answer = trace_service_pb2.ExportTraceServiceResponse().SerializeToString()
                elif self.path == "/v1/logs":
                    received.add_logs(logs_service_pb2.ExportLogsServiceRequest.FromString(body))
                    answer = logs_service_pb2.ExportLogsServiceResponse().SerializeToString()
                else:
                    self.send_error(404)
                    return
                self.send_response(200)
                self.send_header("Content-Type", "application/x-protobuf")
                self.send_header("Content-Length", str(len(answer)))
                self.end_headers()
                self.wfile.write(answer)

            def log_message(self, *args) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def endpoints(self) -> tuple[str, str]:
        base = f"http://127.0.0.1:{self.server.server_address[1]}"
        return f"{base}/v1/traces", f"{base}/v1/logs"

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def traffic(server) -> None:
    """Requests over TCP (OK, refused by the handler, refused before running), one over HTTP and one in 0.9."""
    with server.client() as tcp:
        tcp.call(requests.CreateStream("tel"))
        tcp.call(requests.CreateTopic("tel", 1, 1, 0, 0, 0, "t"))
        messages = [Message(b"one"), Message(b"two")]
        partitioning = Partitioning.partition_id(0)
        body = encode_send_messages(Identifier.parse("tel"), Identifier.parse("t"), partitioning, messages)
        assert tcp.request(Command.SEND_MESSAGES, body)[0] == 0
        assert len(tcp.poll("tel", "t", PollingStrategy.first(), count=10).messages) == 2
        assert tcp.status_of(requests.DeleteStream("missing")) == ErrorCode.STREAM_ID_NOT_FOUND
        assert tcp.request(9999, b"")[0] == ErrorCode.INVALID_COMMAND
    http = Http(server.transport_addresses["http"])
    http.login()
    assert http.call("GET", "/streams")[0] == 200
    with VsrClient(server.host, server.port) as vsr:  # a 0.9 request is one span too
        vsr.login()
        vsr.call(requests.GetStreams())


def test_the_sample_ratio_decides_which_requests_are_traced():
    """No server needed: the providers built from the configuration, with nothing exported (ratio 0 and 1)."""
    for ratio, recording in ((0.0, False), (1.0, True)):
        settings = {
            "enabled": True, "service_name": SERVICE,
            "logs": SimpleNamespace(transport="http", endpoint="http://127.0.0.1:9/v1/logs"),
            "traces": SimpleNamespace(transport="http", endpoint="http://127.0.0.1:9/v1/traces", sample_ratio=ratio),
        }  # fmt: skip
        telemetry = start_telemetry(SimpleNamespace(telemetry=SimpleNamespace(**settings)))
        try:
            # Not ended: nothing reaches the exporters, which have no receiver here.
            spans = [telemetry.start_request(int(Command.PING), 1, 7, b"", 0) for _ in range(50)]
            assert {span.is_recording() for span in spans} == {recording}
        finally:
            logging.getLogger().removeHandler(telemetry._log_handler)  # shut down below without exporting
            telemetry._tracer_provider.shutdown()
            telemetry._logger_provider.shutdown()


@pytest.mark.parametrize("transport, sample_ratio", [("grpc", 1.0), ("http", 1.0)])
def test_spans_and_logs_reach_an_otlp_receiver(tmp_path, transport, sample_ratio):
    received = Received()
    receiver = GrpcReceiver(received) if transport == "grpc" else HttpReceiver(received)
    traces_endpoint, logs_endpoint = receiver.endpoints()
    env = {
        "IGGY_TELEMETRY_ENABLED": "true",
        "IGGY_TELEMETRY_SERVICE_NAME": SERVICE,
        "IGGY_TELEMETRY_TRACES_TRANSPORT": transport,
        "IGGY_TELEMETRY_TRACES_ENDPOINT": traces_endpoint,
        "IGGY_TELEMETRY_TRACES_SAMPLE_RATIO": str(sample_ratio),
        "IGGY_TELEMETRY_LOGS_TRANSPORT": transport,
        "IGGY_TELEMETRY_LOGS_ENDPOINT": logs_endpoint,
        "IGGY_SYSTEM_LOGGING_LEVEL": "info",
    }
    server = ServerProcess(tmp_path / "data", env).start()
    try:
        traffic(server)
        assert server.stop() == 0  # a graceful stop sends what the exporters hold
    finally:
        server.close()
        receiver.stop()
    assert received.services == {SERVICE}
    bodies = [record["body"] for record in received.logs]
    assert any(body.startswith("audit: user 0") and "CREATE_STREAM" in body for body in bodies), bodies[:20]
    assert "shutdown complete" in bodies
    by_name = {}
    for span in received.spans:
        by_name.setdefault(span["name"], []).append(span)
        assert span["duration_ns"] >= 0
    send = by_name["send_messages"][0]["attributes"]
    assert send == {
        "iggy.command": "send_messages", "iggy.command.code": int(Command.SEND_MESSAGES), "iggy.transport": "tcp",
        "iggy.client_id": send["iggy.client_id"], "iggy.stream_id": "tel", "iggy.topic_id": "t", "iggy.result_code": 0,
    }  # fmt: skip
    assert by_name["poll_messages"][0]["attributes"]["iggy.stream_id"] == "tel"
    missing = by_name["delete_stream"][0]
    assert missing["attributes"]["iggy.result_code"] == ErrorCode.STREAM_ID_NOT_FOUND and missing["status"] == 2
    assert by_name["unknown"][0]["attributes"]["iggy.result_code"] == ErrorCode.INVALID_COMMAND
    assert {span["attributes"]["iggy.transport"] for span in by_name["get_streams"]} == {"http", "tcp"}
    assert {"create_stream", "create_topic", "login_user"} <= set(by_name)
