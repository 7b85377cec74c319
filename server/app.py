"""Building, running and stopping the server.

`create_server(settings)` wires storage, domain and transport and binds the
port (0 picks a free one); `serve(settings)` runs until SIGTERM or SIGINT, then
drains in-flight calls for the grace period, commits queued writes and exits.
"""

from __future__ import annotations

import dataclasses
import logging
import socket
import sys
import urllib.parse
from typing import Callable, Optional

import grpc
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection
from prometheus_client import CollectorRegistry

from evidence_trace.server.adapters.openai_compatible import OpenAICompatibleSettings, OpenAICompatibleVerifier
from evidence_trace.server.cli.signals import StopSignals
from evidence_trace.server.domain.redaction import Redactor
from evidence_trace.server.domain.verifier.backend import Verifier
from evidence_trace.server.domain.verifier.gate import Gate
from evidence_trace.server.domain.verifier.rules import RulesVerifier
from evidence_trace.server.domain.verifier.zones import EvidenceZones
from evidence_trace.server.rpc.auth import current_tenant, is_loopback_listen
from evidence_trace.server.rpc.decoding import add_service
from evidence_trace.server.rpc.guards import Guards, bind
from evidence_trace.server.rpc.health import ExplainedHealth
from evidence_trace.server.rpc.metrics import Metrics, MetricsInterceptor
from evidence_trace.server.rpc.otlp import SERVICE_NAME as OTLP_SERVICE_NAME
from evidence_trace.server.rpc.otlp import OtlpReceiver, OtlpTraceServicer, add_otlp_service
from evidence_trace.server.rpc.otlp_http import TRACES_PATH, OtlpHttpReceiver
from evidence_trace.server.rpc.servicer import EvidenceTraceServicer
from evidence_trace.server.rpc.shutdown import ShutdownSignal
from evidence_trace.server.rpc.tokens import load_tokens
from evidence_trace.server.settings import Settings, VerifierSettings
from evidence_trace.server.store.db import DatabaseOptions, open_database
from evidence_trace.server.store.migrations import migrate
from evidence_trace.server.store.outages import OutagePolicy, Outages
from evidence_trace.server.store.writer import GroupCommitWriter
from evidence_trace.server.usecases.services import UseCases, build_use_cases
from evidence_trace.server.web.endpoint import HttpEndpoint, bind_http
from evidence_trace.server.web.site import create_app
from evidence_trace.v1 import evidence_trace_pb2 as pb

log = logging.getLogger("evidence_trace.server")

#: The GIL switch interval of a serving process (CPython's default is 5 ms).
GIL_SWITCH_INTERVAL_S = 0.001

SERVICE_NAME = pb.DESCRIPTOR.services_by_name["EvidenceTraceService"].full_name
#: The services that write: NOT_SERVING while writes fail (docs/reliability.md#storage-outages); "" stays SERVING.
WRITE_SERVICES = (SERVICE_NAME, OTLP_SERVICE_NAME)


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
    #: The HTTP endpoint (audit page and /metrics), when settings.http_address enables it.
    http_endpoint: Optional[HttpEndpoint] = None
    #: Admission control and authentication; drained first on stop.
    guards: Optional[Guards] = None

    @property
    def http_port(self) -> Optional[int]:
        """The bound port of the HTTP endpoint; None when it is disabled."""
        return self.http_endpoint.port if self.http_endpoint else None

    @property
    def metrics_port(self) -> Optional[int]:
        """The port serving /metrics: the HTTP endpoint's (the former name, kept)."""
        return self.http_port

    @property
    def address(self) -> str:
        host = self.settings.listen.rpartition(":")[0]
        return f"{host}:{self.port}"

    def stop(self, grace: Optional[float] = None) -> None:
        """Refuse new calls, let in-flight ones finish within grace, then commit and close."""
        self.health.enter_graceful_shutdown()
        grace = self.settings.grace_period_s if grace is None else grace
        if self.http_endpoint is not None:  # live pages end now; /metrics stays up while calls drain
            self.http_endpoint.end_live_streams()
        if self.guards is not None:  # new calls: UNAVAILABLE + RetryInfo, not a bare CANCELLED
            grace = self.guards.drain(grace)
        self.server.stop(grace).wait()
        if self.guards is not None:
            self.guards.close()
        if self.http_endpoint is not None:
            self.http_endpoint.close(grace)
        self.writer.close()


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
    (SO_REUSEPORT), and records metrics for the supervisor's one HTTP endpoint
    (audit page and /metrics) instead of serving its own.
    """
    if not worker:
        _check_free(settings.listen, "gRPC", "--listen or EVIDENCE_TRACE_LISTEN")
    if settings.http_address and not worker:
        _check_free(settings.http_address, "HTTP", _HTTP_FLAGS)
    db = _open_database(settings)
    version = migrate(db)
    log.info("database %s at schema version %d", _redacted(settings.database_url), version)
    metrics = Metrics() if settings.http_address else None
    outages = Outages(
        _redacted(settings.database_url),
        OutagePolicy(
            unhealthy_after_s=settings.storage_unhealthy_after_s,
            report_every_s=settings.storage_report_every_s,
            probe_every_s=settings.storage_probe_every_s,
        ),
        on_health=lambda serving: health_servicer.set_serving(WRITE_SERVICES, serving),
        observer=metrics,
    )
    health_servicer = ExplainedHealth(lambda service: outages.describe() if service in WRITE_SERVICES else "")
    use_cases = _build_use_cases(settings, db, sibling_writers=worker, outages=outages)
    writer = use_cases.writer
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
    # OTLP/gRPC traces on the same port, behind the same interceptors; OTLP/HTTP on the HTTP endpoint,
    # behind the same guards, through the same receiver (docs/otlp.md).
    otlp = OtlpReceiver(use_cases.otlp, metrics)
    add_otlp_service(OtlpTraceServicer(otlp, settings.commit_timeout_s, tenant_of=current_tenant), server)
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
        endpoint = start_http(settings, use_cases, metrics, otlp_http(settings, otlp, guards)) if not worker else None
    except OSError as exc:
        writer.close()
        raise BindError(
            f"cannot listen on {settings.http_address} (HTTP): {exc.strerror or exc}; choose another with {_HTTP_FLAGS}"
        ) from exc
    server.start()
    for name in ("", SERVICE_NAME, OTLP_SERVICE_NAME):
        health_servicer.set(name, health_pb2.HealthCheckResponse.SERVING)
    return RunningServer(server, port, health_servicer, writer, settings, endpoint, guards)


def _open_database(settings: Settings):
    return open_database(
        settings.database_url,
        DatabaseOptions(
            durability=settings.durability, pool_size=settings.pool_size, busy_timeout_ms=settings.busy_timeout_ms
        ),
    )


def _build_use_cases(settings: Settings, db, *, sibling_writers: bool, outages: Optional[Outages] = None) -> UseCases:
    gate = Gate(
        build_verifier(settings.verifier),
        claim_floor=settings.verifier.claim_floor,
        zones=EvidenceZones.parse(settings.evidence_zones),
    )
    return build_use_cases(
        db,
        gate,
        settings.limits,
        Redactor(settings.redact_keys, settings.redact_patterns),
        settings.watch_poll_s,
        settings.otlp_session_attribute,
        sibling_writers=sibling_writers,
        outages=outages,
    )


_HTTP_FLAGS = "--http-listen or EVIDENCE_TRACE_HTTP_LISTEN (alias --metrics-listen)"


def otlp_http(settings: Settings, receiver: OtlpReceiver, guards: Guards) -> OtlpHttpReceiver:
    """`POST /v1/traces`: the OTLP receiver behind the gRPC service's own admission control and tokens."""
    return OtlpHttpReceiver(
        receiver, guards.admission, guards.authenticator, settings.max_message_bytes, settings.commit_timeout_s
    )


def start_http(
    settings: Settings,
    use_cases: UseCases,
    metrics: Optional[Metrics],
    otlp: OtlpHttpReceiver,
    registry: Optional[CollectorRegistry] = None,
) -> Optional[HttpEndpoint]:
    """The HTTP endpoint, the audit page, OTLP/HTTP and /metrics, when settings.http_address enables it;
    raises OSError.

    The one place that decides whether a process serves HTTP: the page reads
    through `use_cases` (the RPCs' own) and honours the same token file.
    /metrics shows `registry` when given (every worker's, under `serve
    --workers`), else this server's own.
    """
    if not settings.http_address:
        return None
    tokens = load_tokens(settings.tokens_file) if settings.tokens_file else None
    app, live = create_app(
        use_cases, tokens, registry or (metrics.registry if metrics else None), apps={TRACES_PATH: otlp}
    )
    endpoint = HttpEndpoint(app, live, bind_http(settings.http_address), settings.grace_period_s).start()
    if tokens is None and not is_loopback_listen(settings.http_address):
        log.warning(
            "HTTP endpoint on %s without a token file: the audit page and OTLP/HTTP refuse every non-loopback "
            "client (/metrics stays open); configure EVIDENCE_TRACE_TOKENS_FILE to serve them",
            settings.http_address,
        )
    return endpoint


def start_supervisor_http(
    settings: Settings, registry: CollectorRegistry
) -> Optional[tuple[HttpEndpoint, Callable[[], None]]]:
    """`serve --workers`: the supervisor's one HTTP endpoint, the audit page (read through use
    cases of its own over the shared database) and every worker's /metrics; with its closer."""
    if not settings.http_address:
        return None
    use_cases = _build_use_cases(settings, _open_database(settings), sibling_writers=True)
    guards = Guards(settings)  # OTLP/HTTP's admission control and tokens in this process
    try:
        endpoint = start_http(
            settings, use_cases, None, otlp_http(settings, OtlpReceiver(use_cases.otlp), guards), registry
        )
    except BaseException:
        guards.close()
        use_cases.writer.close()
        raise
    assert endpoint is not None

    def close() -> None:
        endpoint.end_live_streams()
        guards.drain(settings.grace_period_s)
        endpoint.close(settings.grace_period_s)
        guards.close()
        use_cases.writer.close()

    return endpoint, close


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
    stop = StopSignals()  # before "listening" is printed: a SIGTERM from then on drains, never kills outright
    running = create_server(settings)
    print(f"evidence-trace listening on {running.address}", flush=True)
    if running.http_port is not None:
        host = settings.http_address.rpartition(":")[0]
        print(f"evidence-trace audit page on http://{host}:{running.http_port}/", flush=True)
        print(f"evidence-trace metrics on http://{host}:{running.http_port}/metrics", flush=True)
    log.info("serving on %s (database %s)", running.address, _redacted(settings.database_url))
    stop.wait()
    log.info("stopping: draining in-flight calls for up to %.1fs", settings.grace_period_s)
    running.stop()
    log.info("stopped")
