"""The OTLP/gRPC trace receiver: `opentelemetry.proto.collector.trace.v1.TraceService/Export`.

Served on the same server and port as EvidenceTraceService, behind the same
interceptors (admission control, bearer tokens -> tenant, metrics). This
module only translates: OTLP protobuf spans become plain-value `Span`s
(AnyValue -> str, bool, int, float, list, dict; ids -> hex), the use case
(`usecases/otlp_ingest.py`) maps and records them, and its result becomes the
response's `partial_success`. Storage failures map through `rpc/status.py`
(UNAVAILABLE with RetryInfo), so the exporter retries the whole export;
resent spans are DUPLICATEs. docs/otlp.md has the mapping.

`OtlpReceiver` is that path for one export, whatever the transport: this
servicer and OTLP/HTTP (`otlp_http.py`) both call it, so there is one
conversion, one mapping and one set of counters.
"""

from __future__ import annotations

from typing import Any, Callable, Iterator, Optional

import grpc
from opentelemetry.proto.collector.trace.v1 import trace_service_pb2 as otlp_pb
from opentelemetry.proto.common.v1 import common_pb2
from opentelemetry.proto.trace.v1 import trace_pb2

from evidence_trace.server.domain.model import DEFAULT_TENANT, RecordOutcome
from evidence_trace.server.domain.otlp_mapping import Span, SpanEvent
from evidence_trace.server.rpc.decoding import add_handlers
from evidence_trace.server.rpc.metrics import NoMetrics, OutcomeRecorder
from evidence_trace.server.rpc.servicer import commit_timeout, unary_rpc
from evidence_trace.server.usecases.otlp_ingest import OtlpIngest

SERVICE = otlp_pb.DESCRIPTOR.services_by_name["TraceService"]
SERVICE_NAME = SERVICE.full_name

#: Nesting of array and key-value-list attribute values beyond which the rest is kept as text.
_VALUE_DEPTH = 16


def value(v: common_pb2.AnyValue, depth: int = 0) -> Any:
    """An OTLP AnyValue as a plain Python value; bytes as hex text, an unset value as None."""
    which = v.WhichOneof("value")
    if which is None:
        return None
    if which == "array_value":
        if depth >= _VALUE_DEPTH:
            return str(v.array_value)
        return [value(item, depth + 1) for item in v.array_value.values]
    if which == "kvlist_value":
        if depth >= _VALUE_DEPTH:
            return str(v.kvlist_value)
        return attributes(v.kvlist_value.values, depth + 1)
    if which == "bytes_value":
        return v.bytes_value.hex()
    return getattr(v, which)


def attributes(kvs: Any, depth: int = 0) -> dict[str, Any]:
    """Repeated KeyValue as a dict; a key repeated keeps its last value."""
    return {kv.key: value(kv.value, depth) for kv in kvs}


def spans_from_pb(request: otlp_pb.ExportTraceServiceRequest) -> Iterator[Span]:
    for resource_spans in request.resource_spans:
        resource = attributes(resource_spans.resource.attributes)
        for scope_spans in resource_spans.scope_spans:
            for s in scope_spans.spans:
                yield Span(
                    trace_id=s.trace_id.hex(),
                    span_id=s.span_id.hex(),
                    name=s.name,
                    start_ns=s.start_time_unix_nano,
                    end_ns=s.end_time_unix_nano,
                    attributes=attributes(s.attributes),
                    resource=resource,
                    status_error=s.status.code == trace_pb2.Status.STATUS_CODE_ERROR,
                    status_message=s.status.message,
                    events=tuple(SpanEvent(e.name, attributes(e.attributes)) for e in s.events),
                )


class OtlpReceiver:
    """One OTLP export, whatever its transport (gRPC here, HTTP in `otlp_http.py`): the request's spans
    through the ingest use case, its outcomes counted, the response with `partial_success`."""

    def __init__(self, ingest: OtlpIngest, outcomes: Optional[OutcomeRecorder] = None):
        self._ingest = ingest
        self.outcomes: OutcomeRecorder = outcomes or NoMetrics()

    def export(
        self, tenant: str, request: otlp_pb.ExportTraceServiceRequest, timeout: Optional[float]
    ) -> otlp_pb.ExportTraceServiceResponse:
        result = self._ingest.export(tenant, list(spans_from_pb(request)), timeout)
        for kind in ("invocation", "step"):
            for outcome, count in (
                (RecordOutcome.CREATED, result.created[kind]),
                (RecordOutcome.DUPLICATE, result.duplicates[kind]),
            ):
                if count:
                    self.outcomes.recorded(kind, outcome, count)
        for reason in result.reasons:
            self.outcomes.rejected("Export", reason)
        self.outcomes.otlp_spans("recorded", sum(result.created.values()))
        self.outcomes.otlp_spans("duplicate", sum(result.duplicates.values()))
        self.outcomes.otlp_spans("ignored", result.ignored)
        self.outcomes.otlp_spans("rejected", result.rejected)
        response = otlp_pb.ExportTraceServiceResponse()
        if result.rejected:
            response.partial_success.rejected_spans = result.rejected
            response.partial_success.error_message = result.error_message
        return response


class OtlpTraceServicer:
    """TraceService/Export over the OTLP ingest use case."""

    def __init__(
        self,
        receiver: OtlpReceiver,
        commit_timeout_s: float,
        tenant_of: Callable[[grpc.ServicerContext], str] = lambda _: DEFAULT_TENANT,
    ):
        self._receiver = receiver
        self._outcomes = receiver.outcomes  # unary_rpc counts refusals there
        self._commit_timeout_s = commit_timeout_s
        self._tenant_of = tenant_of

    @unary_rpc
    def Export(self, request, context):
        return self._receiver.export(self._tenant_of(context), request, commit_timeout(context, self._commit_timeout_s))


def add_otlp_service(servicer: OtlpTraceServicer, server: grpc.Server) -> None:
    """Register TraceService/Export; requests are decoded in the handler (bad bytes: INVALID_ARGUMENT)."""
    add_handlers(SERVICE, otlp_pb, servicer, server)
