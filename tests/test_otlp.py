"""OTLP GenAI ingest with real clients: the OpenTelemetry SDK and its OTLP/gRPC exporter against a real server."""

from __future__ import annotations

import json
import sqlite3
import urllib.request
from typing import Iterator, Sequence

import grpc
import pytest
from conftest import make_settings
from genai_agent import ERROR_LOG, SESSION, SUPPORTED, UNSUPPORTED, provider_with, run_sample_agent, sample_request
from opentelemetry.exporter.otlp.proto.common.trace_encoder import encode_spans
from opentelemetry.exporter.otlp.proto.grpc.trace_exporter import OTLPSpanExporter
from opentelemetry.proto.collector.trace.v1 import trace_service_pb2 as otlp_pb
from opentelemetry.proto.collector.trace.v1 import trace_service_pb2_grpc as otlp_grpc
from opentelemetry.sdk.trace import ReadableSpan
from opentelemetry.sdk.trace.export import BatchSpanProcessor, SimpleSpanProcessor, SpanExportResult
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from opentelemetry.trace import Status, StatusCode
from prometheus_client.parser import text_string_to_metric_families
from tenants import TOKENS, bearer, write_token_file

from evidence_trace.client import error_from_rpc
from evidence_trace.server.app import create_server
from evidence_trace.v1 import evidence_trace_pb2 as pb
from evidence_trace.v1 import evidence_trace_pb2_grpc as pb_grpc


def _exporter(port: int, headers: Sequence[tuple[str, str]] = ()) -> OTLPSpanExporter:
    return OTLPSpanExporter(endpoint=f"127.0.0.1:{port}", insecure=True, headers=tuple(headers) or None, timeout=10)


@pytest.fixture
def exported(server) -> Iterator[tuple[pb_grpc.EvidenceTraceServiceStub, tuple[ReadableSpan, ...], grpc.Channel]]:
    """The sample agent traced through a BatchSpanProcessor to the server; its spans kept for re-export."""
    memory = InMemorySpanExporter()
    exporter = _exporter(server.port)
    provider = provider_with(SimpleSpanProcessor(memory), BatchSpanProcessor(exporter))
    run_sample_agent(provider)
    assert provider.force_flush(10_000)
    provider.shutdown()
    with grpc.insecure_channel(f"127.0.0.1:{server.port}") as channel:
        yield pb_grpc.EvidenceTraceServiceStub(channel), memory.get_finished_spans(), channel


def _entries(stub, session=SESSION, metadata=None) -> dict[str, pb.EvidenceSummaryEntry]:
    response = stub.SummarizeSession(pb.SummarizeSessionRequest(session_id=session), timeout=10, metadata=metadata)
    return {e.tool_name: e for e in response.entries}


def test_the_sample_agent_s_spans_arrive_as_rows_with_their_outcomes(exported):
    stub, _, _ = exported
    session = stub.GetSession(pb.GetSessionRequest(session_id=SESSION), timeout=10).session
    assert (session.tool_call_count, session.step_count, session.helper_call_count) == (4, 1, 1)
    entries = _entries(stub)
    assert set(entries) == {"query_logs", "query_metrics", "search_tickets", "lookup_knowledge"}
    assert entries["query_logs"].level == pb.EVIDENCE_LEVEL_DIRECT
    assert entries["query_logs"].source_invocation_ids == ["call-logs-1"]
    assert entries["query_metrics"].level == pb.EVIDENCE_LEVEL_FAILED
    assert entries["query_metrics"].failure_count == 1
    assert entries["lookup_knowledge"].no_hit_count == 1
    assert entries["search_tickets"].level != pb.EVIDENCE_LEVEL_DIRECT  # no result: never an empty success


def test_chat_judges_a_draft_against_the_exported_evidence(exported):
    stub, _, _ = exported
    accepted = stub.Chat(pb.ChatRequest(session_id=SESSION, question="Why?", draft_answer=SUPPORTED), timeout=10)
    assert accepted.decision.decision == pb.DECISION_ACCEPT
    rejected = stub.Chat(pb.ChatRequest(session_id=SESSION, question="Why?", draft_answer=UNSUPPORTED), timeout=10)
    assert rejected.decision.decision == pb.DECISION_REJECT


def test_a_re_export_is_acknowledged_without_new_rows(exported, server):
    stub, spans, _ = exported
    before = stub.GetSession(pb.GetSessionRequest(session_id=SESSION), timeout=10).session
    assert _exporter(server.port).export(spans) == SpanExportResult.SUCCESS
    after = stub.GetSession(pb.GetSessionRequest(session_id=SESSION), timeout=10).session
    assert (after.tool_call_count, after.step_count) == (before.tool_call_count, before.step_count)
    assert sum(e.call_count for e in _entries(stub).values()) == 4


def test_an_invalid_span_is_reported_in_partial_success_without_failing_the_export(server):
    memory = InMemorySpanExporter()
    provider = provider_with(SimpleSpanProcessor(memory))
    tracer = provider.get_tracer("sample-agent")
    with tracer.start_as_current_span("execute_tool good") as span:
        span.set_attributes(
            {"gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": "good_tool", "gen_ai.tool.call.result": "ok"}
        )
    with tracer.start_as_current_span("execute_tool bad") as span:
        span.set_attributes({"gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": "not a tool name!"})
        span.set_status(Status(StatusCode.OK))
    with tracer.start_as_current_span("execute_tool bad count") as span:
        span.set_attributes(
            {
                "gen_ai.operation.name": "execute_tool",
                "gen_ai.tool.name": "lookup_knowledge",
                "evidence_trace.retrieval.l0_count": "many",
            }
        )
    with grpc.insecure_channel(f"127.0.0.1:{server.port}") as channel:
        response = otlp_grpc.TraceServiceStub(channel).Export(encode_spans(memory.get_finished_spans()), timeout=10)
        assert response.partial_success.rejected_spans == 2
        assert "tool_name" in response.partial_success.error_message
        trace_id = format(memory.get_finished_spans()[0].context.trace_id, "032x")
        session = pb_grpc.EvidenceTraceServiceStub(channel).GetSession(
            pb.GetSessionRequest(session_id=trace_id), timeout=10
        )
        assert session.session.tool_call_count == 1  # the trace id is the session without a conversation id


def test_an_export_without_genai_spans_has_no_partial_success(server):
    with grpc.insecure_channel(f"127.0.0.1:{server.port}") as channel:
        response = otlp_grpc.TraceServiceStub(channel).Export(otlp_pb.ExportTraceServiceRequest(), timeout=10)
    assert not response.HasField("partial_success")


def test_undecodable_bytes_are_invalid_argument(server):
    with grpc.insecure_channel(f"127.0.0.1:{server.port}") as channel:
        export = channel.unary_unary(
            "/opentelemetry.proto.collector.trace.v1.TraceService/Export",
            request_serializer=lambda b: b,
            response_deserializer=otlp_pb.ExportTraceServiceResponse.FromString,
        )
        with pytest.raises(grpc.RpcError) as caught:
            export(b"\x0a\xff\xff", timeout=10)
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_a_token_protected_server_needs_the_exporter_s_token_header(db_url, tmp_path):
    running = create_server(make_settings(db_url, tokens_file=str(write_token_file(tmp_path))))
    try:
        spans = InMemorySpanExporter()
        run_sample_agent(provider_with(SimpleSpanProcessor(spans)))
        finished = spans.get_finished_spans()
        assert _exporter(running.port).export(finished) == SpanExportResult.FAILURE
        header = (("authorization", f"Bearer {TOKENS['acme']}"),)
        assert _exporter(running.port, header).export(finished) == SpanExportResult.SUCCESS
        with grpc.insecure_channel(f"127.0.0.1:{running.port}") as channel:
            stub = pb_grpc.EvidenceTraceServiceStub(channel)
            request = pb.GetSessionRequest(session_id=SESSION)
            assert stub.GetSession(request, timeout=10, metadata=bearer("acme")).session.tool_call_count == 4
            with pytest.raises(grpc.RpcError) as caught:
                stub.GetSession(request, timeout=10, metadata=bearer("globex"))
            assert caught.value.code() == grpc.StatusCode.NOT_FOUND
    finally:
        running.stop(grace=1)


def test_a_storage_outage_is_unavailable_with_retry_info_and_the_retry_records_once(tmp_path):
    path = tmp_path / "et.db"
    running = create_server(make_settings(f"sqlite:///{path}", busy_timeout_ms=100))
    try:
        request = sample_request()
        with grpc.insecure_channel(f"127.0.0.1:{running.port}") as channel:
            export = otlp_grpc.TraceServiceStub(channel).Export
            locker = sqlite3.connect(path, isolation_level=None)
            locker.execute("BEGIN EXCLUSIVE")
            with pytest.raises(grpc.RpcError) as caught:
                export(request, timeout=10)
            locker.execute("ROLLBACK")
            locker.close()
            assert caught.value.code() == grpc.StatusCode.UNAVAILABLE
            assert (error_from_rpc(caught.value).retry_delay or 0) > 0
            assert not export(request, timeout=10).HasField("partial_success")
            assert not export(request, timeout=10).HasField("partial_success")  # resent: duplicates
            stub = pb_grpc.EvidenceTraceServiceStub(channel)
            assert stub.GetSession(pb.GetSessionRequest(session_id=SESSION), timeout=10).session.tool_call_count == 4
    finally:
        running.stop(grace=1)


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_metrics_count_recorded_duplicate_and_ignored_spans(db_url):
    running = create_server(make_settings(db_url, metrics_listen="127.0.0.1:0"))
    try:
        request = sample_request()
        with grpc.insecure_channel(f"127.0.0.1:{running.port}") as channel:
            export = otlp_grpc.TraceServiceStub(channel).Export
            export(request, timeout=10)
            export(request, timeout=10)
        with urllib.request.urlopen(f"http://127.0.0.1:{running.metrics_port}/metrics", timeout=10) as response:
            text = response.read().decode()
        samples = {
            (s.name, s.labels.get("result")): s.value
            for family in text_string_to_metric_families(text)
            for s in family.samples
            if s.name == "evidence_trace_otlp_spans_total"
        }
        assert samples == {
            ("evidence_trace_otlp_spans_total", "recorded"): 6,
            ("evidence_trace_otlp_spans_total", "duplicate"): 6,
            ("evidence_trace_otlp_spans_total", "ignored"): 2,
        }
        assert 'grpc_method="Export"' in text
    finally:
        running.stop(grace=1)


def test_a_langchain_agent_traced_with_openinference_records_without_genai_attributes(server):
    """OpenInference's attribute names, as its LangChain instrumentation sets them, through the real exporter."""
    provider = provider_with(SimpleSpanProcessor(_exporter(server.port)))
    tracer = provider.get_tracer("openinference.instrumentation.langchain")
    with tracer.start_as_current_span("AgentExecutor", attributes={"openinference.span.kind": "AGENT"}):
        with tracer.start_as_current_span("ChatOpenAI") as llm:
            llm.set_attributes({"openinference.span.kind": "LLM", "llm.model_name": "gpt-4o", "session.id": "lc-1"})
        with tracer.start_as_current_span("query_logs") as span:
            span.set_attributes(
                {
                    "openinference.span.kind": "TOOL",
                    "tool.name": "query_logs",
                    "input.value": json.dumps({"logTopic": "payment", "query": "level:ERROR"}),
                    "output.value": ERROR_LOG,
                    "session.id": "lc-1",
                }
            )
        with tracer.start_as_current_span("query_metrics") as span:
            span.set_attributes({"openinference.span.kind": "TOOL", "tool.name": "query_metrics", "session.id": "lc-1"})
            span.set_status(Status(StatusCode.ERROR, "prometheus timed out after 30s"))
        with tracer.start_as_current_span("RunnableSequence", attributes={"openinference.span.kind": "CHAIN"}):
            pass
    provider.shutdown()
    with grpc.insecure_channel(f"127.0.0.1:{server.port}") as channel:
        stub = pb_grpc.EvidenceTraceServiceStub(channel)
        session = stub.GetSession(pb.GetSessionRequest(session_id="lc-1"), timeout=10).session
        assert (session.tool_call_count, session.step_count) == (2, 1)
        entries = _entries(stub, "lc-1")
    assert entries["query_logs"].level == pb.EVIDENCE_LEVEL_DIRECT
    assert entries["query_metrics"].level == pb.EVIDENCE_LEVEL_FAILED


def test_the_trace_service_is_listed_by_reflection_and_reported_by_health(server):
    """grpcurl and load balancers see it like our own service: listed, SERVING, NOT_SERVING on shutdown."""
    from grpc_health.v1 import health_pb2, health_pb2_grpc
    from grpc_reflection.v1alpha.proto_reflection_descriptor_database import ProtoReflectionDescriptorDatabase

    name = "opentelemetry.proto.collector.trace.v1.TraceService"
    with grpc.insecure_channel(f"127.0.0.1:{server.port}") as channel:
        assert name in ProtoReflectionDescriptorDatabase(channel).get_services()
        health = health_pb2_grpc.HealthStub(channel)
        check = health.Check(health_pb2.HealthCheckRequest(service=name), timeout=5)
        assert check.status == health_pb2.HealthCheckResponse.SERVING
        server.health.enter_graceful_shutdown()
        check = health.Check(health_pb2.HealthCheckRequest(service=name), timeout=5)
        assert check.status == health_pb2.HealthCheckResponse.NOT_SERVING


def test_a_gzip_compressed_grpc_export_is_read(server):
    exporter = OTLPSpanExporter(
        endpoint=f"127.0.0.1:{server.port}", insecure=True, timeout=10, compression=grpc.Compression.Gzip
    )
    memory = InMemorySpanExporter()
    run_sample_agent(provider_with(SimpleSpanProcessor(memory)), "gzip-grpc")
    assert exporter.export(memory.get_finished_spans()) == SpanExportResult.SUCCESS
    with grpc.insecure_channel(f"127.0.0.1:{server.port}") as channel:
        stub = pb_grpc.EvidenceTraceServiceStub(channel)
        assert stub.GetSession(pb.GetSessionRequest(session_id="gzip-grpc"), timeout=10).session.tool_call_count == 4
