"""Prometheus metrics: an RPC interceptor and the servicer's outcome counters.

Each server owns its own registry, so several servers in one process (tests)
never share or double-register series; the HTTP endpoint (server/web) serves
the registry at /metrics. docs/metrics.md lists every metric.
"""

from __future__ import annotations

import importlib.metadata
import platform
import time
from typing import Any, Callable, Iterator, Protocol

import grpc
import prometheus_client
from prometheus_client import CollectorRegistry, Counter, Histogram, Info, ProcessCollector, multiprocess

from evidence_trace.server.domain.model import Decision, FallbackReason, RecordOutcome
from evidence_trace.server.rpc.method_handlers import carry

# A `*_created` timestamp series per counter and histogram doubles the series
# count and no query here uses it (it is process-wide in prometheus_client).
prometheus_client.disable_created_metrics()

#: Latency buckets in seconds: sub-millisecond reads up to long Chat calls and watches.
LATENCY_BUCKETS = (
    0.0005,
    0.001,
    0.0025,
    0.005,
    0.01,
    0.025,
    0.05,
    0.1,
    0.25,
    0.5,
    1.0,
    2.5,
    5.0,
    10.0,
    30.0,
    60.0,
    300.0,
)


#: Storage outage lengths in seconds: a blip, the health threshold (5 s), minutes, hours.
OUTAGE_BUCKETS = (0.1, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0, 300.0, 900.0, 3600.0, 14400.0)


class OutcomeRecorder(Protocol):
    """What the servicer reports about its results; the servicer needs nothing else."""

    def recorded(self, kind: str, outcome: RecordOutcome, count: int = 1) -> None:
        """`count` writes of kind "invocation" or "step" ended CREATED or DUPLICATE."""

    def rejected(self, method: str, reason: str) -> None:
        """A request (or a batch item) was refused with an UPPER_SNAKE reason."""

    def decided(self, decision: Decision, fallback_reason: FallbackReason) -> None:
        """Chat persisted an evaluation with this decision."""

    def otlp_spans(self, result: str, count: int) -> None:
        """OTLP Export received `count` spans that were recorded, ignored or rejected (`result`)."""

    def otlp_http_request(self, status: int) -> None:
        """`POST /v1/traces` (OTLP/HTTP) was answered with this HTTP status."""


class NoMetrics:
    """An OutcomeRecorder that records nothing (metrics disabled)."""

    def recorded(self, kind: str, outcome: RecordOutcome, count: int = 1) -> None:
        pass

    def rejected(self, method: str, reason: str) -> None:
        pass

    def decided(self, decision: Decision, fallback_reason: FallbackReason) -> None:
        pass

    def otlp_spans(self, result: str, count: int) -> None:
        pass

    def otlp_http_request(self, status: int) -> None:
        pass


def _version(distribution: str) -> str:
    try:
        return importlib.metadata.version(distribution)
    except importlib.metadata.PackageNotFoundError:
        return "unknown"


class Metrics:
    """Every evidence-trace metric, in one registry."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        ProcessCollector(registry=self.registry)  # process_cpu_seconds_total, process_resident_memory_bytes, ...
        _build_info(self.registry)
        labels = ("grpc_type", "grpc_service", "grpc_method")
        self.started = Counter("grpc_server_started", "RPCs started on the server.", labels, registry=self.registry)
        self.handled = Counter(
            "grpc_server_handled",
            "RPCs completed on the server, by status code.",
            (*labels, "grpc_code"),
            registry=self.registry,
        )
        self.latency = Histogram(
            "grpc_server_handling_seconds",
            "Time from an RPC's start to its completion, by status code.",
            (*labels, "grpc_code"),
            buckets=LATENCY_BUCKETS,
            registry=self.registry,
        )
        self.rows = Counter(
            "evidence_trace_rows_written", "Rows committed, by kind.", ("kind",), registry=self.registry
        )
        self.duplicates = Counter(
            "evidence_trace_duplicates",
            "Writes acknowledged as duplicates of a stored row (nothing written), by kind.",
            ("kind",),
            registry=self.registry,
        )
        self.rejections = Counter(
            "evidence_trace_rejections",
            "Requests or batch items refused, by method and reason.",
            ("grpc_method", "reason"),
            registry=self.registry,
        )
        self.decisions = Counter(
            "evidence_trace_chat_decisions",
            "Chat evaluations persisted, by decision and fallback reason.",
            ("decision", "fallback_reason"),
            registry=self.registry,
        )
        self.storage_failures = Counter(
            "evidence_trace_storage_failures",
            "Write transactions (and outage probes) that failed for a storage cause, by reason "
            "(STORAGE_FULL, STORAGE_UNREACHABLE, ...).",
            ("reason",),
            registry=self.registry,
        )
        self.outages = Histogram(
            "evidence_trace_storage_outage_seconds",
            "Storage outages that ended, by length: from the first failed write to the next commit.",
            buckets=OUTAGE_BUCKETS,
            registry=self.registry,
        )
        self.otlp = Counter(
            "evidence_trace_otlp_spans",
            "Spans received by OTLP Export: recorded, duplicate, ignored (not a GenAI tool, model or agent span) "
            "or rejected.",
            ("result",),
            registry=self.registry,
        )
        self.otlp_http = Counter(
            "evidence_trace_otlp_http_requests",
            "OTLP/HTTP requests to /v1/traces, by HTTP status code.",
            ("code",),
            registry=self.registry,
        )

    # -- OutcomeRecorder -----------------------------------------------------
    def recorded(self, kind: str, outcome: RecordOutcome, count: int = 1) -> None:
        if outcome == RecordOutcome.CREATED:
            self.rows.labels(kind).inc(count)
        elif outcome == RecordOutcome.DUPLICATE:
            self.duplicates.labels(kind).inc(count)

    def rejected(self, method: str, reason: str) -> None:
        self.rejections.labels(method, reason).inc()

    def decided(self, decision: Decision, fallback_reason: FallbackReason) -> None:
        self.rows.labels("evaluation").inc()
        self.decisions.labels(decision.name, fallback_reason.name).inc()

    def otlp_spans(self, result: str, count: int) -> None:
        if count:
            self.otlp.labels(result).inc(count)

    # -- OutageObserver (store/outages.py) -----------------------------------
    def storage_failed(self, reason: str) -> None:
        self.storage_failures.labels(reason).inc()

    def outage_ended(self, seconds: float) -> None:
        self.outages.observe(seconds)

    # -- OTLP/HTTP (rpc/otlp_http.py) ------------------------------------------
    def otlp_http_request(self, status: int) -> None:
        self.otlp_http.labels(str(status)).inc()


def _split(full_method: str) -> tuple[str, str]:
    """'/pkg.Service/Method' -> ('pkg.Service', 'Method')."""
    _, service, method = full_method.split("/", 2) if full_method.count("/") >= 2 else ("", "", full_method)
    return service, method


class MetricsInterceptor(grpc.ServerInterceptor):
    """Counts every RPC and times it, labelled by method and final status code."""

    def __init__(self, metrics: Metrics):
        self._m = metrics
        # Each labelled child is looked up once and kept: `labels()` takes a lock and builds a key on
        # every call, three times per RPC (docs/performance.md, per-call overhead).
        self._started: dict[tuple[str, str, str], Any] = {}
        self._ended: dict[tuple[tuple[str, str, str], str], tuple[Any, Any]] = {}

    def intercept_service(self, continuation: Callable, handler_call_details: grpc.HandlerCallDetails):
        handler = continuation(handler_call_details)
        if handler is None:
            return None
        service, method = _split(handler_call_details.method)
        if handler.unary_unary:
            return handler._replace(unary_unary=self._unary(handler.unary_unary, "unary", service, method))
        if handler.unary_stream:
            return handler._replace(
                unary_stream=self._streaming(handler.unary_stream, "server_stream", service, method)
            )
        if handler.stream_unary:
            return handler._replace(stream_unary=self._unary(handler.stream_unary, "client_stream", service, method))
        return handler._replace(stream_stream=self._streaming(handler.stream_stream, "bidi_stream", service, method))

    def _observe(
        self, labels: tuple[str, str, str], context: grpc.ServicerContext, started: float, failed: bool
    ) -> None:
        code = _code_name(context, failed)
        children = self._ended.get((labels, code))
        if children is None:
            children = (self._m.handled.labels(*labels, code), self._m.latency.labels(*labels, code))
            self._ended[(labels, code)] = children
        handled, latency = children
        handled.inc()
        latency.observe(time.perf_counter() - started)

    def _start(self, labels: tuple[str, str, str]) -> None:
        started = self._started.get(labels)
        if started is None:
            started = self._started[labels] = self._m.started.labels(*labels)
        started.inc()

    def _unary(self, behavior: Callable, kind: str, service: str, method: str) -> Callable:
        labels = (kind, service, method)

        def wrapped(request: Any, context: grpc.ServicerContext) -> Any:
            self._start(labels)
            started = time.perf_counter()
            try:
                response = behavior(request, context)
            except BaseException:
                self._observe(labels, context, started, failed=True)
                raise
            self._observe(labels, context, started, failed=False)
            return response

        return carry(wrapped, behavior)

    def _streaming(self, behavior: Callable, kind: str, service: str, method: str) -> Callable:
        labels = (kind, service, method)

        def wrapped(request: Any, context: grpc.ServicerContext) -> Iterator[Any]:
            self._start(labels)
            started = time.perf_counter()
            failed = False
            try:
                yield from behavior(request, context)
            except BaseException:
                failed = True
                raise
            finally:
                self._observe(labels, context, started, failed)

        return carry(wrapped, behavior)


def _code_name(context: grpc.ServicerContext, failed: bool) -> str:
    """The status the call ends with: the one set or aborted with, else OK, UNKNOWN or CANCELLED."""
    code = context.code() if hasattr(context, "code") else None
    if isinstance(code, grpc.StatusCode):
        return code.name
    if isinstance(code, int) and code:  # set as an integer code
        return next((c.name for c in grpc.StatusCode if c.value[0] == code), "UNKNOWN")
    if not context.is_active():
        return "CANCELLED"
    return "UNKNOWN" if failed else "OK"


def workers_registry(directory: str) -> CollectorRegistry:
    """The registry of `serve --workers`: every worker's series, summed across them, and the build.

    Workers started with PROMETHEUS_MULTIPROC_DIR=`directory` write their
    counters and histograms to files there (prometheus_client's multiprocess
    mode; none of our metrics is a gauge, which would need a multiprocess_mode);
    this registry reads them all when scraped, so a counter is the total over
    workers, dead ones included. Per-process series (`process_*`) have no
    meaning summed and are left out (docs/metrics.md).
    """
    registry = CollectorRegistry()
    multiprocess.MultiProcessCollector(registry, path=directory)
    _build_info(registry)
    return registry


def _build_info(registry: CollectorRegistry) -> None:
    Info("evidence_trace_build", "The running evidence-trace build (value 1).", registry=registry).info(
        {
            "version": _version("evidence-trace"),
            "python_version": platform.python_version(),
            "grpcio_version": _version("grpcio"),
        }
    )
