"""A small GenAI agent traced with the OpenTelemetry SDK, shared by the OTLP tests over gRPC and HTTP."""

from __future__ import annotations

import json

import pytest
from opentelemetry.exporter.otlp.proto.common.trace_encoder import encode_spans
from opentelemetry.proto.collector.trace.v1 import trace_service_pb2 as otlp_pb
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

SESSION = "otel-session-1"
ERROR_LOG = "2026-11-30T10:00:01Z ERROR payment-service upstream bank-gateway timeout after 30s (HTTP 504)"
SUPPORTED = "payment-service logged an ERROR: bank-gateway timed out after 30s, answering HTTP 504."
UNSUPPORTED = "The outage was caused by zq9leak-service exhausting its pool, with ORA-00018 errors."


def tool_span(tracer, name: str, call_id: str, arguments: dict, session: str = SESSION):
    span = tracer.start_as_current_span(f"execute_tool {name}")
    return span, {
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": name,
        "gen_ai.tool.call.id": call_id,
        "gen_ai.tool.call.arguments": json.dumps(arguments),
        "gen_ai.conversation.id": session,
    }


def run_sample_agent(provider: TracerProvider, session: str = SESSION) -> None:
    """A small agent: a chat step, then successful, failed (timeout), empty-result and retrieval tool calls."""
    tracer = provider.get_tracer("sample-agent")
    with tracer.start_as_current_span("invoke_agent triage") as agent:
        agent.set_attributes(
            {"gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "triage", "gen_ai.conversation.id": session}
        )
        with tracer.start_as_current_span("chat gpt-4o") as chat:
            chat.set_attributes(
                {
                    "gen_ai.operation.name": "chat",
                    "gen_ai.request.model": "gpt-4o",
                    "gen_ai.conversation.id": session,
                    "gen_ai.usage.input_tokens": 120,
                    "gen_ai.usage.output_tokens": 40,
                }
            )
        cm, attrs = tool_span(
            tracer, "query_logs", "call-logs-1", {"logTopic": "payment", "query": "level:ERROR"}, session
        )
        with cm as span:
            span.set_attributes(attrs)
            span.set_attribute("gen_ai.tool.call.result", ERROR_LOG)
        cm, attrs = tool_span(tracer, "query_metrics", "call-metrics-1", {"alertname": "DiskFull"}, session)
        with pytest.raises(TimeoutError), cm as span:
            span.set_attributes(attrs)
            raise TimeoutError("metrics backend did not answer within 30s")
        cm, attrs = tool_span(tracer, "search_tickets", "call-tickets-1", {"q": "checkout"}, session)
        with cm as span:
            span.set_attributes(attrs)  # no result attribute: the output was not captured
        cm, attrs = tool_span(tracer, "lookup_knowledge", "call-kb-1", {"query": "bank-gateway 504"}, session)
        with cm as span:
            span.set_attributes(attrs)
            span.set_attributes(
                {
                    "gen_ai.tool.call.result": "no article matched",
                    "evidence_trace.retrieval.layer": "L1",
                    "evidence_trace.retrieval.l0_count": 0,
                    "evidence_trace.retrieval.l1_count": 0,
                    "evidence_trace.retrieval.relevance_level": "none",
                }
            )
        with tracer.start_as_current_span("GET /healthz"):  # not a GenAI span: ignored
            pass


def provider_with(*processors) -> TracerProvider:
    provider = TracerProvider(resource=Resource.create({"service.name": "sample-agent"}))
    for processor in processors:
        provider.add_span_processor(processor)
    return provider


def sample_request(session: str = SESSION) -> otlp_pb.ExportTraceServiceRequest:
    """The sample agent's spans as one export request (6 GenAI spans, 1 ignored)."""
    memory = InMemorySpanExporter()
    run_sample_agent(provider_with(SimpleSpanProcessor(memory)), session)
    return encode_spans(memory.get_finished_spans())
