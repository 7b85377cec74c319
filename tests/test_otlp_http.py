"""OTLP/HTTP ingest (`POST /v1/traces` on the HTTP endpoint): the OpenTelemetry SDK's HTTP exporter,
configured only by the standard environment, and every status code of the OTLP/HTTP specification."""

from __future__ import annotations

import gzip
import http.client
import json
import logging
import socket
import sqlite3
import threading
import time
import urllib.request
from typing import Iterator, Optional

import grpc
import pytest
from conftest import make_settings
from genai_agent import ERROR_LOG, SESSION, SUPPORTED, UNSUPPORTED, provider_with, run_sample_agent, sample_request
from google.protobuf import json_format
from google.rpc import code_pb2, error_details_pb2, status_pb2
from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
from opentelemetry.proto.collector.trace.v1 import trace_service_pb2 as otlp_pb
from opentelemetry.proto.collector.trace.v1 import trace_service_pb2_grpc as otlp_grpc
from opentelemetry.sdk.trace.export import BatchSpanProcessor, SimpleSpanProcessor, SpanExportResult
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from prometheus_client.parser import text_string_to_metric_families
from tenants import TOKENS, bearer, write_token_file

from evidence_trace.server.app import RunningServer, create_server
from evidence_trace.v1 import evidence_trace_pb2 as pb
from evidence_trace.v1 import evidence_trace_pb2_grpc as pb_grpc

PROTOBUF = "application/x-protobuf"
JSON = "application/json"


def _start(db_url: str, **overrides) -> RunningServer:
    return create_server(make_settings(db_url, http_listen="127.0.0.1:0", **overrides))


@pytest.fixture
def http_server(db_url) -> Iterator[RunningServer]:
    """A real server with its HTTP endpoint (audit page, /metrics, /v1/traces) on a free loopback port."""
    running = _start(db_url)
    yield running
    running.stop(grace=1)


@pytest.fixture
def sqlite_server(sqlite_url) -> Iterator[RunningServer]:
    running = _start(sqlite_url)
    yield running
    running.stop(grace=1)


def _env(monkeypatch, port: int, protocol: str = "http/protobuf", headers: str = "", compression: str = "") -> None:
    """The standard OTLP exporter environment, pointing at the server's HTTP endpoint."""
    for name in ("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "OTEL_EXPORTER_OTLP_TRACES_HEADERS"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("OTEL_EXPORTER_OTLP_ENDPOINT", f"http://127.0.0.1:{port}")
    monkeypatch.setenv("OTEL_EXPORTER_OTLP_PROTOCOL", protocol)
    monkeypatch.setenv("OTEL_EXPORTER_OTLP_HEADERS", headers)
    monkeypatch.setenv("OTEL_EXPORTER_OTLP_COMPRESSION", compression)


def _post(
    port: int,
    body: bytes,
    content_type: Optional[str] = PROTOBUF,
    headers: Optional[dict[str, str]] = None,
    method: str = "POST",
) -> tuple[int, dict[str, str], bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        all_headers = {**({"content-type": content_type} if content_type else {}), **(headers or {})}
        connection.request(method, "/v1/traces", body=body, headers=all_headers)
        response = connection.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    finally:
        connection.close()


def _status(body: bytes, content_type: str = PROTOBUF) -> tuple[status_pb2.Status, str]:
    """The google.rpc.Status of an error body, and its ErrorInfo reason."""
    if content_type == JSON:
        status = json_format.Parse(body, status_pb2.Status())
    else:
        status = status_pb2.Status.FromString(body)
    info = error_details_pb2.ErrorInfo()
    reason = next((info.reason for d in status.details if d.Unpack(info)), "")
    return status, reason


def _metric(port: int, name: str) -> dict[tuple, float]:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10) as response:
        text = response.read().decode()
    return {
        tuple(sorted(s.labels.items())): s.value
        for family in text_string_to_metric_families(text)
        for s in family.samples
        if s.name == name
    }


def _http_requests(port: int) -> dict[str, float]:
    return {dict(k)["code"]: v for k, v in _metric(port, "evidence_trace_otlp_http_requests_total").items()}


def _stub(running: RunningServer) -> tuple[grpc.Channel, pb_grpc.EvidenceTraceServiceStub]:
    channel = grpc.insecure_channel(f"127.0.0.1:{running.port}")
    return channel, pb_grpc.EvidenceTraceServiceStub(channel)


def _counts(stub, session: str = SESSION, metadata=None) -> tuple[int, int, int]:
    s = stub.GetSession(pb.GetSessionRequest(session_id=session), timeout=10, metadata=metadata).session
    return s.tool_call_count, s.step_count, s.helper_call_count


# -- the Python SDK's HTTP exporter, configured by the environment only ----------------------------------


@pytest.mark.parametrize("compression", ["", "gzip"])
def test_the_python_http_exporter_s_spans_become_rows_that_summarize_and_gate(http_server, monkeypatch, compression):
    _env(monkeypatch, http_server.http_port, compression=compression)
    memory = InMemorySpanExporter()
    provider = provider_with(SimpleSpanProcessor(memory), BatchSpanProcessor(OTLPSpanExporter()))
    run_sample_agent(provider)
    assert provider.force_flush(10_000)
    provider.shutdown()

    channel, stub = _stub(http_server)
    with channel:
        listed = stub.ListSessions(pb.ListSessionsRequest(), timeout=10).sessions
        assert SESSION in [s.session.session_id for s in listed]  # `evidence-trace sessions` shows it
        assert _counts(stub) == (4, 1, 1)
        entries = {
            e.tool_name: e
            for e in stub.SummarizeSession(pb.SummarizeSessionRequest(session_id=SESSION), timeout=10).entries
        }
        assert entries["query_logs"].level == pb.EVIDENCE_LEVEL_DIRECT
        assert entries["query_logs"].source_invocation_ids == ["call-logs-1"]
        assert entries["query_metrics"].level == pb.EVIDENCE_LEVEL_FAILED
        assert entries["search_tickets"].level != pb.EVIDENCE_LEVEL_DIRECT  # no result: never an empty success
        accept = stub.Chat(pb.ChatRequest(session_id=SESSION, question="Why?", draft_answer=SUPPORTED), timeout=10)
        assert accept.decision.decision == pb.DECISION_ACCEPT
        reject = stub.Chat(pb.ChatRequest(session_id=SESSION, question="Why?", draft_answer=UNSUPPORTED), timeout=10)
        assert reject.decision.decision == pb.DECISION_REJECT

        # A re-export (an exporter's retry, a replayed batch) adds nothing.
        assert OTLPSpanExporter().export(memory.get_finished_spans()) == SpanExportResult.SUCCESS
        assert _counts(stub) == (4, 1, 1)
    spans = _metric(http_server.http_port, "evidence_trace_otlp_spans_total")
    assert spans[(("result", "duplicate"),)] == 6
    assert set(_http_requests(http_server.http_port)) == {"200"}  # every export accepted (the SDK batches them)


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_a_bad_token_is_401_which_the_exporter_logs_and_does_not_retry(db_url, tmp_path, monkeypatch, caplog):
    running = _start(db_url, tokens_file=str(write_token_file(tmp_path)))
    try:
        memory = InMemorySpanExporter()
        run_sample_agent(provider_with(SimpleSpanProcessor(memory)))
        finished = memory.get_finished_spans()
        _env(monkeypatch, running.http_port, headers="authorization=Bearer%20not-a-token")
        with caplog.at_level(logging.ERROR, logger="opentelemetry.exporter"):
            assert OTLPSpanExporter().export(finished) == SpanExportResult.FAILURE
        assert any("401" in record.getMessage() for record in caplog.records), caplog.text
        assert _http_requests(running.http_port) == {"401": 1}  # one request: not retried

        _env(monkeypatch, running.http_port, headers=f"authorization=Bearer%20{TOKENS['acme']}")
        assert OTLPSpanExporter().export(finished) == SpanExportResult.SUCCESS
        channel, stub = _stub(running)
        with channel:
            assert _counts(stub, metadata=bearer("acme")) == (4, 1, 1)  # the token's tenant
            with pytest.raises(grpc.RpcError) as caught:
                _counts(stub, metadata=bearer("globex"))
            assert caught.value.code() == grpc.StatusCode.NOT_FOUND
    finally:
        running.stop(grace=1)


# -- one receiver, two transports ---------------------------------------------------------------------------


def test_a_span_exported_over_grpc_is_a_duplicate_over_http_with_the_same_partial_success(sqlite_server):
    request = sample_request()
    bad = request.resource_spans[0].scope_spans[0].spans.add()
    bad.CopyFrom(request.resource_spans[0].scope_spans[0].spans[0])
    bad.span_id = bytes.fromhex("00000000000000aa")
    bad.name = "execute_tool bad"
    del bad.attributes[:]
    bad.attributes.add(key="gen_ai.operation.name").value.string_value = "execute_tool"
    bad.attributes.add(key="gen_ai.tool.name").value.string_value = "not a tool name!"
    with grpc.insecure_channel(f"127.0.0.1:{sqlite_server.port}") as channel:
        over_grpc = otlp_grpc.TraceServiceStub(channel).Export(request, timeout=10)
    status, headers, body = _post(sqlite_server.http_port, request.SerializeToString())
    assert (status, headers["content-type"]) == (200, PROTOBUF)
    over_http = otlp_pb.ExportTraceServiceResponse.FromString(body)
    assert over_http == over_grpc
    assert over_http.partial_success.rejected_spans == 1
    assert "tool_name" in over_http.partial_success.error_message
    spans = _metric(sqlite_server.http_port, "evidence_trace_otlp_spans_total")
    assert spans[(("result", "recorded"),)] == spans[(("result", "duplicate"),)] == 6


def _json_export(session: str, trace_id: str = "5B8EFFF798038103D269B633813FC60C") -> dict:
    """An export in OTLP's JSON mapping, as the JS exporter-trace-otlp-http sends it: hex ids (any case),
    integer enums, lowerCamelCase names, 64-bit integers as strings; and a field we do not know."""
    return {
        "resourceSpans": [
            {
                "resource": {"attributes": [{"key": "service.name", "value": {"stringValue": "json-agent"}}]},
                "scopeSpans": [
                    {
                        "scope": {"name": "json-agent"},
                        "spans": [
                            {
                                "traceId": trace_id,
                                "spanId": "EEE19B7EC3C1B174",
                                "parentSpanId": "",
                                "name": "execute_tool query_logs",
                                "kind": 1,
                                "startTimeUnixNano": "1764496801000000000",
                                "endTimeUnixNano": "1764496801250000000",
                                "attributes": [
                                    {"key": "gen_ai.operation.name", "value": {"stringValue": "execute_tool"}},
                                    {"key": "gen_ai.tool.name", "value": {"stringValue": "query_logs"}},
                                    {"key": "gen_ai.tool.call.id", "value": {"stringValue": "call-json-1"}},
                                    {"key": "gen_ai.conversation.id", "value": {"stringValue": session}},
                                    {"key": "gen_ai.tool.call.result", "value": {"stringValue": ERROR_LOG}},
                                    {"key": "attempt", "value": {"intValue": "1"}},
                                ],
                                "status": {"code": 1},
                                "links": [{"traceId": trace_id.lower(), "spanId": "0102030405060708"}],
                                "futureField": True,
                            },
                            {
                                "traceId": trace_id,
                                "spanId": "EEE19B7EC3C1B175",
                                "name": "execute_tool broken",
                                "attributes": [
                                    {"key": "gen_ai.operation.name", "value": {"stringValue": "execute_tool"}},
                                    {"key": "gen_ai.tool.name", "value": {"stringValue": "not a tool name!"}},
                                ],
                                "status": {"code": 2, "message": "boom"},
                            },
                        ],
                    }
                ],
            }
        ]
    }


@pytest.mark.parametrize("compress", [False, True])
def test_otlp_json_is_read_and_answered_in_json(http_server, compress):
    body = json.dumps(_json_export("json-session")).encode()
    headers = {"content-encoding": "gzip"} if compress else {}
    status, response_headers, answer = _post(
        http_server.http_port, gzip.compress(body) if compress else body, f"{JSON}; charset=utf-8", headers
    )
    assert (status, response_headers["content-type"]) == (200, JSON), answer
    partial = json.loads(answer)["partialSuccess"]
    assert int(partial["rejectedSpans"]) == 1
    assert "span eee19b7ec3c1b175" in partial["errorMessage"]
    channel, stub = _stub(http_server)
    with channel:
        assert _counts(stub, "json-session") == (1, 0, 0)
        entries = stub.SummarizeSession(pb.SummarizeSessionRequest(session_id="json-session"), timeout=10).entries
        assert [(e.tool_name, list(e.source_invocation_ids)) for e in entries] == [("query_logs", ["call-json-1"])]


def test_an_empty_export_is_a_full_success(sqlite_server):
    status, _, body = _post(sqlite_server.http_port, b"")
    assert status == 200 and otlp_pb.ExportTraceServiceResponse.FromString(body) == otlp_pb.ExportTraceServiceResponse()
    status, _, body = _post(sqlite_server.http_port, b"{}", JSON)
    assert (status, json.loads(body)) == (200, {})


# -- every status code of the specification --------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "content_type", "field"),
    [
        (b"\x0a\xff\xff", PROTOBUF, ""),
        (b'{"resourceSpans": [', JSON, "body"),
        (b"[1, 2]", JSON, "body"),
        (b'{"resourceSpans": {"not": "a list"}}', JSON, "body"),
        (
            json.dumps(_json_export("s", trace_id="not-hex")).encode(),
            JSON,
            "resourceSpans[0].scopeSpans[0].spans[0].traceId",
        ),
    ],
)
def test_bad_data_is_400_with_a_google_rpc_status_in_the_request_s_encoding(sqlite_server, body, content_type, field):
    status, headers, answer = _post(sqlite_server.http_port, body, content_type)
    assert (status, headers["content-type"]) == (400, content_type)
    rpc_status, reason = _status(answer, content_type)
    assert (rpc_status.code, reason) == (code_pb2.INVALID_ARGUMENT, "MALFORMED_REQUEST")
    if field:
        bad_request = error_details_pb2.BadRequest()
        assert any(d.Unpack(bad_request) for d in rpc_status.details)
        assert [v.field for v in bad_request.field_violations] == [field]
    assert "retry-after" not in headers  # not retryable


def test_a_gzip_body_that_does_not_inflate_is_400(sqlite_server):
    whole = gzip.compress(sample_request().SerializeToString())
    for body in (b"not gzip at all", whole[: len(whole) // 2]):
        status, _, answer = _post(sqlite_server.http_port, body, headers={"content-encoding": "gzip"})
        assert status == 400
        assert _status(answer)[1] == "MALFORMED_REQUEST"


def test_without_a_valid_token_the_export_is_401(sqlite_url, tmp_path):
    running = _start(sqlite_url, tokens_file=str(write_token_file(tmp_path)))
    try:
        body = sample_request().SerializeToString()
        for headers, reason in (
            ({}, "MISSING_CREDENTIALS"),
            ({"authorization": "Bearer wrong"}, "INVALID_CREDENTIALS"),
        ):
            status, response_headers, answer = _post(running.http_port, body, headers=headers)
            assert (status, response_headers["www-authenticate"]) == (401, "Bearer")
            assert _status(answer)[0].code == code_pb2.UNAUTHENTICATED
            assert _status(answer)[1] == reason
        status, _, _ = _post(running.http_port, body, headers={"authorization": f"Bearer {TOKENS['globex']}"})
        assert status == 200
    finally:
        running.stop(grace=1)


def test_an_export_over_the_size_limit_is_413_compressed_or_not(sqlite_url):
    running = _start(sqlite_url, max_message_bytes=64 * 1024)
    try:
        padding = otlp_pb.ExportTraceServiceRequest()
        padding.resource_spans.add().resource.attributes.add(key="pad").value.string_value = "x" * (65 * 1024)
        big = padding.SerializeToString()
        for body, headers in ((big, {}), (gzip.compress(big), {"content-encoding": "gzip"})):
            status, response_headers, answer = _post(running.http_port, body, headers=headers)
            assert status == 413
            assert _status(answer)[1] == "MESSAGE_TOO_LARGE"
            assert "retry-after" not in response_headers
        assert _post(running.http_port, sample_request().SerializeToString())[0] == 200
    finally:
        running.stop(grace=1)


@pytest.mark.parametrize(
    ("content_type", "headers", "reason"),
    [
        ("text/plain", {}, "UNSUPPORTED_MEDIA_TYPE"),
        ("application/x-www-form-urlencoded", {}, "UNSUPPORTED_MEDIA_TYPE"),  # a cross-site form post
        ("multipart/form-data; boundary=x", {}, "UNSUPPORTED_MEDIA_TYPE"),
        ("application/protobuf+x", {}, "UNSUPPORTED_MEDIA_TYPE"),
        (None, {}, "UNSUPPORTED_MEDIA_TYPE"),
        (PROTOBUF, {"content-encoding": "br"}, "UNSUPPORTED_CONTENT_ENCODING"),
    ],
)
def test_other_content_types_and_encodings_are_415(sqlite_server, content_type, headers, reason):
    status, response_headers, answer = _post(sqlite_server.http_port, b"", content_type, headers)
    assert (status, response_headers["content-type"]) == (415, PROTOBUF)
    assert _status(answer)[1] == reason


def test_when_admission_refuses_the_export_is_429_with_retry_after(sqlite_url):
    running = _start(sqlite_url, max_concurrent_rpcs=1)
    try:
        assert running.guards is not None
        held = running.guards.admission.admit()  # the one slot, taken as an in-flight call would
        try:
            status, headers, answer = _post(running.http_port, sample_request().SerializeToString())
        finally:
            held.release()
        assert status == 429
        assert int(headers["retry-after"]) >= 1
        assert _status(answer)[1] == "OVERLOADED"
        assert _post(running.http_port, sample_request().SerializeToString())[0] == 200  # the slot is free again
    finally:
        running.stop(grace=1)


def test_a_busy_store_is_503_with_retry_after_and_the_retry_records_once(tmp_path):
    path = tmp_path / "et.db"
    running = _start(f"sqlite:///{path}", busy_timeout_ms=100)
    try:
        body = sample_request().SerializeToString()
        locker = sqlite3.connect(path, isolation_level=None)
        locker.execute("BEGIN EXCLUSIVE")
        try:
            status, headers, answer = _post(running.http_port, body)
        finally:
            locker.execute("ROLLBACK")
            locker.close()
        assert status == 503
        assert int(headers["retry-after"]) >= 1
        assert _status(answer)[1] in ("STORAGE_BUSY", "STORAGE_UNAVAILABLE")
        assert _post(running.http_port, body)[0] == 200
        assert _post(running.http_port, body)[0] == 200  # resent: duplicates
        channel, stub = _stub(running)
        with channel:
            assert _counts(stub) == (4, 1, 1)
    finally:
        running.stop(grace=1)


def test_the_python_exporter_retries_a_503_after_its_retry_after_and_records_once(tmp_path, monkeypatch):
    path = tmp_path / "et.db"
    running = _start(f"sqlite:///{path}", busy_timeout_ms=100)
    try:
        memory = InMemorySpanExporter()
        run_sample_agent(provider_with(SimpleSpanProcessor(memory)))
        _env(monkeypatch, running.http_port)
        locker = sqlite3.connect(path, isolation_level=None)
        locker.execute("BEGIN EXCLUSIVE")
        results: list[SpanExportResult] = []
        exporting = threading.Thread(
            target=lambda: results.append(OTLPSpanExporter().export(memory.get_finished_spans()))
        )
        exporting.start()
        while not _http_requests(running.http_port).get("503"):  # until the server has refused it once
            assert exporting.is_alive(), results
            exporting.join(0.05)
        locker.execute("ROLLBACK")
        locker.close()
        exporting.join(30)
        assert results == [SpanExportResult.SUCCESS]
        assert _http_requests(running.http_port)["200"] == 1
        channel, stub = _stub(running)
        with channel:
            assert _counts(stub) == (4, 1, 1)
    finally:
        running.stop(grace=1)


def test_a_draining_server_answers_503_with_retry_after(sqlite_url):
    running = _start(sqlite_url)
    try:
        assert running.guards is not None
        running.guards.admission.drain(0)
        status, headers, answer = _post(running.http_port, sample_request().SerializeToString())
        assert (status, _status(answer)[1]) == (503, "SHUTTING_DOWN")
        assert int(headers["retry-after"]) >= 1
    finally:
        running.stop(grace=1)


def test_only_post_is_served(sqlite_server):
    status, headers, _ = _post(sqlite_server.http_port, b"", None, method="GET")
    assert (status, headers["allow"]) == (405, "POST")


def test_spring_ai_observations_become_a_session_with_tool_calls_and_a_model_step(http_server, monkeypatch):
    """Spans named and attributed as Spring AI's observations are (spring.ai.chat.client, gen_ai.client.operation,
    spring.ai.tool), through the real HTTP exporter: the chat client's conversation id is the session."""
    _env(monkeypatch, http_server.http_port)
    provider = provider_with(BatchSpanProcessor(OTLPSpanExporter()))
    tracer = provider.get_tracer("org.springframework.ai")
    client_attributes = {
        "gen_ai.operation.name": "framework",
        "gen_ai.system": "spring_ai",
        "spring.ai.kind": "chat_client",
        "spring.ai.chat.client.stream": False,
        "spring.ai.chat.client.conversation.id": "spring-incident-7",
    }
    with tracer.start_as_current_span("spring_ai chat_client", attributes=client_attributes):
        model = {"gen_ai.operation.name": "chat", "gen_ai.system": "openai", "gen_ai.request.model": "gpt-4o"}
        with tracer.start_as_current_span("chat gpt-4o", attributes=model):
            tool = {
                "gen_ai.operation.name": "execute_tool",
                "gen_ai.system": "spring_ai",
                "spring.ai.kind": "tool_call",
                "spring.ai.tool.type": "MethodToolCallback",
                "spring.ai.tool.definition.name": "query_logs",
                "spring.ai.tool.call.id": "call_spring_logs",
                "spring.ai.tool.call.arguments": '{"logTopic":"payment","query":"level:ERROR"}',
                "spring.ai.tool.call.result": json.dumps(ERROR_LOG),
            }
            with tracer.start_as_current_span("execute_tool query_logs", attributes=tool):
                pass
            silent = {**tool, "spring.ai.tool.definition.name": "lookup_knowledge", "spring.ai.tool.call.id": "call_kb"}
            del silent["spring.ai.tool.call.arguments"], silent["spring.ai.tool.call.result"]  # include-content off
            with tracer.start_as_current_span("execute_tool lookup_knowledge", attributes=silent):
                pass
    assert provider.force_flush(10_000)
    provider.shutdown()
    channel, stub = _stub(http_server)
    with channel:
        assert _counts(stub, "spring-incident-7") == (2, 1, 0)
        request = pb.SummarizeSessionRequest(session_id="spring-incident-7")
        entries = {e.tool_name: e for e in stub.SummarizeSession(request, timeout=10).entries}
        assert entries["query_logs"].level == pb.EVIDENCE_LEVEL_DIRECT
        assert entries["query_logs"].source_invocation_ids == ["call_spring_logs"]
        assert entries["lookup_knowledge"].level not in (pb.EVIDENCE_LEVEL_DIRECT, pb.EVIDENCE_LEVEL_INDIRECT)
        assert entries["lookup_knowledge"].failure_count == 0


def test_an_export_whose_rows_do_not_commit_in_time_is_504_and_the_retry_records_once(tmp_path):
    path = tmp_path / "et.db"
    running = _start(f"sqlite:///{path}", busy_timeout_ms=30_000, commit_timeout_s=0.3)
    try:
        body = sample_request().SerializeToString()
        locker = sqlite3.connect(path, isolation_level=None)
        locker.execute("BEGIN EXCLUSIVE")  # the writer waits for the lock longer than the export may
        try:
            status, _, answer = _post(running.http_port, body)
        finally:
            locker.execute("ROLLBACK")
            locker.close()
        assert (status, _status(answer)[1]) == (504, "COMMIT_PENDING")
        assert _post(running.http_port, body)[0] == 200  # retryable: the rows are there once
        channel, stub = _stub(running)
        with channel:
            assert _counts(stub) == (4, 1, 1)
    finally:
        running.stop(grace=1)


def test_a_client_that_goes_away_mid_body_records_nothing_and_breaks_nothing(sqlite_server, caplog):
    body = sample_request().SerializeToString()
    with socket.create_connection(("127.0.0.1", sqlite_server.http_port), timeout=10) as raw:
        head = f"POST /v1/traces HTTP/1.1\r\nHost: x\r\nContent-Type: {PROTOBUF}\r\nContent-Length: {len(body)}\r\n\r\n"
        raw.sendall(head.encode() + body[: len(body) // 2])
    deadline = time.monotonic() + 30
    while "499" not in _http_requests(sqlite_server.http_port):  # until the server has seen it go
        assert time.monotonic() < deadline, _http_requests(sqlite_server.http_port)
        threading.Event().wait(0.05)
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    channel, stub = _stub(sqlite_server)
    with channel, pytest.raises(grpc.RpcError) as caught:
        _counts(stub)
    assert caught.value.code() == grpc.StatusCode.NOT_FOUND  # half a body: no session, no rows
    assert _post(sqlite_server.http_port, body)[0] == 200


@pytest.mark.parametrize("path", ["/v1/metrics", "/v1/logs"])
def test_only_traces_are_served(sqlite_server, path):
    connection = http.client.HTTPConnection("127.0.0.1", sqlite_server.http_port, timeout=10)
    try:
        connection.request("POST", path, body=b"", headers={"content-type": PROTOBUF})
        assert connection.getresponse().status == 404
    finally:
        connection.close()
