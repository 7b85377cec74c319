"""Building, running and stopping the server.

`create_server(settings)` wires storage, domain and transport and binds the
port (0 picks a free one); `serve(settings)` runs until SIGTERM or SIGINT, then
drains in-flight calls for the grace period, commits queued writes and exits.
"""

from __future__ import annotations

import dataclasses
import logging
import signal
import socket
import sys
import threading
import urllib.parse
from typing import Optional

import grpc
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection

from evidence_trace.server.adapters.openai_compatible import OpenAICompatibleSettings, OpenAICompatibleVerifier
from evidence_trace.server.domain.redaction import Redactor
from evidence_trace.server.domain.verifier.backend import Verifier
from evidence_trace.server.domain.verifier.gate import Gate
from evidence_trace.server.domain.verifier.rules import RulesVerifier
from evidence_trace.server.rpc.auth import current_tenant
from evidence_trace.server.rpc.decoding import add_service
from evidence_trace.server.rpc.guards import Guards, bind
from evidence_trace.server.rpc.metrics import Metrics, MetricsEndpoint, MetricsInterceptor, start_endpoint
from evidence_trace.server.rpc.otlp import SERVICE_NAME as OTLP_SERVICE_NAME
from evidence_trace.server.rpc.otlp import OtlpTraceServicer, add_otlp_service
from evidence_trace.server.rpc.servicer import EvidenceTraceServicer
from evidence_trace.server.rpc.shutdown import ShutdownSignal
from evidence_trace.server.settings import Settings, VerifierSettings
from evidence_trace.server.store.db import DatabaseOptions, open_database
from evidence_trace.server.store.migrations import migrate
from evidence_trace.server.store.writer import GroupCommitWriter
from evidence_trace.server.usecases.services import build_use_cases
from evidence_trace.v1 import evidence_trace_pb2 as pb

log = logging.getLogger("evidence_trace.server")

#: The GIL switch interval of a serving process (CPython's default is 5 ms).
GIL_SWITCH_INTERVAL_S = 0.001

SERVICE_NAME = pb.DESCRIPTOR.services_by_name["EvidenceTraceService"].full_name


class BindError(OSError):
    """A listening address the server could not bind: the port is taken, or the host is not this machine's."""


@dataclasses.dataclass
class RunningServer:
    """A started server: its bound port, and how to stop it cleanly."""

    server: grpc.Server
    port: int
    health: health.HealthServicer
    writer: GroupCommitWriter
    settings: Settings
    #: The Prometheus endpoint, when settings.metrics_listen enables it.
    metrics_endpoint: Optional[MetricsEndpoint] = None
    #: Admission control and authentication; drained first on stop.
    guards: Optional[Guards] = None

    @property
    def metrics_port(self) -> Optional[int]:
        """The bound port of the /metrics endpoint; None when metrics are disabled."""
        return self.metrics_endpoint.port if self.metrics_endpoint else None

    @property
    def address(self) -> str:
        host = self.settings.listen.rpartition(":")[0]
        return f"{host}:{self.port}"

    def stop(self, grace: Optional[float] = None) -> None:
        """Refuse new calls, let in-flight ones finish within grace, then commit and close."""
        self.health.enter_graceful_shutdown()
        grace = self.settings.grace_period_s if grace is None else grace
        if self.guards is not None:  # new calls: UNAVAILABLE + RetryInfo, not a bare CANCELLED
            grace = self.guards.drain(grace)
        self.server.stop(grace).wait()
        if self.guards is not None:
            self.guards.close()
        self.writer.close()
        if self.metrics_endpoint is not None:
            self.metrics_endpoint.close()


def _check_free(listen: str, what: str, flag: str) -> None:
    """Raise BindError, with the system's reason, when HOST:PORT cannot be bound right now.

    Tried before gRPC binds, so a busy port gives one line rather than gRPC's
    own log line and a bare "failed to bind"; port 0 needs no check.
    """
    host, _, port = listen.rpartition(":")
    if not port.isdigit() or int(port) == 0:
        return
    try:
        family, kind, proto, _, address = socket.getaddrinfo(
            host.strip("[]") or None, int(port), type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )[0]
        with socket.socket(family, kind, proto) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as gRPC and http.server do
            probe.bind(address)
    except OSError as exc:
        raise BindError(
            f"cannot listen on {listen} ({what}): {exc.strerror or exc}; choose another with {flag}"
        ) from None


def build_verifier(settings: VerifierSettings) -> Verifier:
    """The configured backend: the built-in rules verifier unless told otherwise."""
    if settings.backend == "openai_compatible":
        return OpenAICompatibleVerifier(
            OpenAICompatibleSettings(
                base_url=settings.base_url, model=settings.model, api_key=settings.api_key, timeout_s=settings.timeout_s
            )
        )
    return RulesVerifier()


def create_server(settings: Settings, *, worker: bool = False) -> RunningServer:
    """Open and migrate the store, build the service, bind and start it.

    `worker`: one of the processes of `serve --workers` (server/cli/workers.py):
    it binds the port its supervisor reserved, beside its siblings
    (SO_REUSEPORT), and records metrics for the supervisor's one /metrics
    endpoint instead of serving its own.
    """
    if not worker:
        _check_free(settings.listen, "gRPC", "--listen or EVIDENCE_TRACE_LISTEN")
    if settings.metrics_listen and not worker:
        _check_free(settings.metrics_listen, "metrics", "--metrics-listen or EVIDENCE_TRACE_METRICS_LISTEN")
    db = open_database(
        settings.database_url,
        DatabaseOptions(
            durability=settings.durability, pool_size=settings.pool_size, busy_timeout_ms=settings.busy_timeout_ms
        ),
    )
    version = migrate(db)
    log.info("database %s at schema version %d", _redacted(settings.database_url), version)
    gate = Gate(build_verifier(settings.verifier), claim_floor=settings.verifier.claim_floor)
    use_cases = build_use_cases(
        db,
        gate,
        settings.limits,
        Redactor(settings.redact_keys, settings.redact_patterns),
        settings.watch_poll_s,
        settings.otlp_session_attribute,
        sibling_writers=worker,
    )
    writer = use_cases.writer
    metrics = Metrics() if settings.metrics_listen else None
    shutdown = ShutdownSignal()  # set by stop(): streams end, verifier calls are cut within the grace period
    servicer = EvidenceTraceServicer(
        use_cases, settings.commit_timeout_s, outcomes=metrics, tenant_of=current_tenant, shutdown=shutdown
    )
    guards = Guards(settings, shutdown)
    server = grpc.server(
        guards.worker_pool(),
        options=[
            ("grpc.max_receive_message_length", settings.max_message_bytes),
            ("grpc.max_send_message_length", settings.max_message_bytes),
            ("grpc.so_reuseport", 1 if worker else 0),
        ],
        interceptors=([MetricsInterceptor(metrics)] if metrics else []) + guards.interceptors,
    )
    add_service(servicer, server)  # requests decoded in the handler: bad bytes are INVALID_ARGUMENT
    # OTLP/gRPC traces on the same port, behind the same interceptors (docs/otlp.md).
    add_otlp_service(
        OtlpTraceServicer(use_cases.otlp, settings.commit_timeout_s, outcomes=metrics, tenant_of=current_tenant), server
    )
    health_servicer = health.HealthServicer(experimental_non_blocking=True)
    health_pb2_grpc.add_HealthServicer_to_server(health_servicer, server)
    reflection.enable_server_reflection(
        (
            SERVICE_NAME,
            OTLP_SERVICE_NAME,
            health_pb2.DESCRIPTOR.services_by_name["Health"].full_name,
            reflection.SERVICE_NAME,
        ),
        server,
    )
    try:
        port = bind(server, settings)
    except RuntimeError:  # grpcio >= 1.60 raises instead of returning 0
        port = 0
    if port == 0:
        writer.close()
        raise BindError(
            f"cannot listen on {settings.listen} (gRPC): the port is in use or the address is not "
            f"this host's; choose another with --listen or EVIDENCE_TRACE_LISTEN"
        )
    try:
        endpoint = start_endpoint(metrics, settings.metrics_listen) if metrics and not worker else None
    except OSError as exc:
        writer.close()
        raise BindError(
            f"cannot listen on {settings.metrics_listen} (metrics): {exc.strerror or exc}; choose "
            f"another with --metrics-listen or EVIDENCE_TRACE_METRICS_LISTEN"
        ) from exc
    server.start()
    for name in ("", SERVICE_NAME, OTLP_SERVICE_NAME):
        health_servicer.set(name, health_pb2.HealthCheckResponse.SERVING)
    return RunningServer(server, port, health_servicer, writer, settings, endpoint, guards)


def _redacted(url: str) -> str:
    """The URL without its password, for logs."""
    parsed = urllib.parse.urlparse(url)
    if parsed.password:
        return parsed._replace(netloc=parsed.netloc.replace(f":{parsed.password}@", ":***@")).geturl()
    return url


def serve(settings: Settings) -> None:
    """Run until SIGTERM/SIGINT; drain, commit, exit."""
    # Under CPU-bound load every step of a refusal or a health check waits for
    # the GIL behind the busy workers; a shorter switch interval than CPython's
    # 5 ms hands it over sooner (docs/reliability.md, `python -m bench.overload`).
    sys.setswitchinterval(GIL_SWITCH_INTERVAL_S)
    running = create_server(settings)
    print(f"evidence-trace listening on {running.address}", flush=True)
    if running.metrics_port is not None:
        host = settings.metrics_listen.rpartition(":")[0]
        print(f"evidence-trace metrics on http://{host}:{running.metrics_port}/metrics", flush=True)
    log.info("serving on %s (database %s)", running.address, _redacted(settings.database_url))
    stop = threading.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: stop.set())
    stop.wait()
    log.info("stopping: draining in-flight calls for up to %.1fs", settings.grace_period_s)
    running.stop()
    log.info("stopped")
