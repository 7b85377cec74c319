"""OTLP Export throughput: the bench's ~1 KB invocations as GenAI execute_tool spans, 512 per export
(the OpenTelemetry SDK BatchSpanProcessor's default batch), against BatchRecordInvocations in the same run;
and OTLP/HTTP protobuf (POST /v1/traces) against OTLP/gRPC Export on one server, in the same run."""

from __future__ import annotations

import http.client
import json
import os
import time
import urllib.parse
import uuid

import grpc
from opentelemetry.proto.collector.trace.v1 import trace_service_pb2 as otlp_pb
from opentelemetry.proto.collector.trace.v1 import trace_service_pb2_grpc as otlp_grpc
from opentelemetry.proto.common.v1 import common_pb2
from opentelemetry.proto.trace.v1 import trace_pb2

from bench.load import run_load
from bench.procs import Proc
from bench.workload import batch_request, invocation
from evidence_trace.v1 import evidence_trace_pb2_grpc as pb_grpc

#: The BatchSpanProcessor's default max_export_batch_size.
SPANS_PER_EXPORT = 512


def _kv(key: str, value) -> common_pb2.KeyValue:
    if isinstance(value, int):
        return common_pb2.KeyValue(key=key, value=common_pb2.AnyValue(int_value=value))
    return common_pb2.KeyValue(key=key, value=common_pb2.AnyValue(string_value=str(value)))


def _span(call_id: str, session: str, n: int, start_ns: int) -> trace_pb2.Span:
    inv = invocation(call_id, session, n)
    attributes = [
        _kv("gen_ai.operation.name", "execute_tool"),
        _kv("gen_ai.tool.name", inv.tool_name),
        _kv("gen_ai.tool.call.id", call_id),
        _kv("gen_ai.conversation.id", session),
        _kv("gen_ai.tool.call.arguments", json.dumps(dict(inv.input_params))),
    ]
    if inv.retrieval.retrieval_layer:
        attributes += [
            _kv("evidence_trace.retrieval.layer", inv.retrieval.retrieval_layer),
            _kv("evidence_trace.retrieval.l1_count", inv.retrieval.l1_count),
            _kv("evidence_trace.retrieval.relevance_level", inv.retrieval.relevance_level),
        ]
    span = trace_pb2.Span(
        trace_id=os.urandom(16),
        span_id=os.urandom(8),
        name=f"execute_tool {inv.tool_name}",
        kind=trace_pb2.Span.SPAN_KIND_INTERNAL,
        start_time_unix_nano=start_ns,
        end_time_unix_nano=start_ns + inv.duration_ms * 1_000_000,
        attributes=attributes,
    )
    if inv.success:
        span.attributes.append(_kv("gen_ai.tool.call.result", inv.output_preview))
    else:
        span.status.code = trace_pb2.Status.STATUS_CODE_ERROR
        span.status.message = inv.error_message
        span.attributes.append(_kv("error.type", "TimeoutError"))
    return span


def export_request(
    prefix: str, size: int = SPANS_PER_EXPORT, session: str = "bench-otlp"
) -> otlp_pb.ExportTraceServiceRequest:
    now = time.time_ns()
    spans = [_span(f"{prefix}-{k}", session, k, now) for k in range(size)]
    return otlp_pb.ExportTraceServiceRequest(
        resource_spans=[trace_pb2.ResourceSpans(scope_spans=[trace_pb2.ScopeSpans(spans=spans)])]
    )


def otlp_vs_batch(et: Proc, rows: int) -> tuple[float, float, int]:
    """Rows/s through Export (512 spans/call, c=4) and BatchRecordInvocations (500/call, c=4); rejected spans."""
    tag = uuid.uuid4().hex[:8]
    rejected = 0
    with grpc.insecure_channel(et.address) as ch:
        export = otlp_grpc.TraceServiceStub(ch).Export
        stub = pb_grpc.EvidenceTraceServiceStub(ch)

        def one_export(w: int, i: int) -> None:
            nonlocal rejected
            rejected += export(export_request(f"o{tag}-{w}-{i}"), timeout=60).partial_success.rejected_spans

        began = time.perf_counter()
        exports = run_load(one_export, 4, 3600, max_calls=rows // SPANS_PER_EXPORT)
        otlp_rate = exports.calls * SPANS_PER_EXPORT / (time.perf_counter() - began)
        began = time.perf_counter()
        batches = run_load(
            lambda w, i: stub.BatchRecordInvocations(batch_request(f"ob{tag}-{w}-{i}", 500), timeout=60),
            4,
            3600,
            max_calls=rows // 500,
        )
        batch_rate = batches.calls * 500 / (time.perf_counter() - began)
    return otlp_rate, batch_rate, rejected


def http_vs_grpc(et: Proc, rows: int, rounds: int = 3) -> tuple[float, float]:
    """Spans/s through POST /v1/traces (protobuf, 512 spans/request, c=4, keep-alive connections) and through
    TraceService/Export (the same requests, c=4), on one server with its HTTP endpoint on. The two alternate in
    `rounds` rounds, so a change in the machine's load falls on both."""
    base = urllib.parse.urlsplit(et.http_base())
    tag = uuid.uuid4().hex[:8]
    connections: dict[int, http.client.HTTPConnection] = {}

    def one_post(w: int, i: int, r: int) -> None:
        connection = connections.get(w)
        if connection is None:
            connection = connections[w] = http.client.HTTPConnection(base.hostname, base.port, timeout=60)
        body = export_request(f"h{tag}-{r}-{w}-{i}").SerializeToString()
        connection.request("POST", "/v1/traces", body=body, headers={"content-type": "application/x-protobuf"})
        response = connection.getresponse()
        response.read()
        if response.status != 200:
            raise RuntimeError(f"POST /v1/traces answered {response.status}")

    calls = rows // SPANS_PER_EXPORT // rounds
    spent = {"http": 0.0, "grpc": 0.0}
    done = {"http": 0, "grpc": 0}
    with grpc.insecure_channel(et.address) as ch:
        export = otlp_grpc.TraceServiceStub(ch).Export
        for r in range(rounds):
            for connection in connections.values():  # idle through the gRPC round: past uvicorn's keep-alive
                connection.close()
            connections.clear()
            for kind, call in (
                ("http", lambda w, i: one_post(w, i, r)),
                ("grpc", lambda w, i: export(export_request(f"g{tag}-{r}-{w}-{i}"), timeout=60)),
            ):
                began = time.perf_counter()
                result = run_load(call, 4, 3600, max_calls=calls)
                spent[kind] += time.perf_counter() - began
                done[kind] += result.calls
                if result.errors:
                    raise RuntimeError(f"{result.errors} errors over {kind}")
    for connection in connections.values():
        connection.close()
    return done["http"] * SPANS_PER_EXPORT / spent["http"], done["grpc"] * SPANS_PER_EXPORT / spent["grpc"]
