"""The guards in front of the service: admission control, authentication, TLS.

`Guards(settings)` builds the interceptors in the order they act (admission
first, so an overloaded or draining server refuses before doing any work, then
authentication), logs at start-up who the server will serve, and drains calls
on shutdown.
`bind(server, settings)` adds the listening port, with TLS when configured.
"""

from __future__ import annotations

import logging
from concurrent import futures
from typing import Optional, Protocol

import grpc

from evidence_trace.server.rpc.admission import AdmissionControl, concurrency_limit
from evidence_trace.server.rpc.auth import Authenticator, startup_warnings
from evidence_trace.server.rpc.shutdown import ShutdownSignal
from evidence_trace.server.rpc.tls import server_credentials
from evidence_trace.server.rpc.tokens import load_tokens

log = logging.getLogger(__name__)


class Guards:
    """The interceptors, in order, and the shutdown drain."""

    def __init__(self, settings: GuardSettings, shutdown: Optional[ShutdownSignal] = None):
        self.admission, self.authenticator = guard_interceptors(settings, shutdown)
        self.interceptors: list[grpc.ServerInterceptor] = [self.admission, self.authenticator]
        self._max_workers = settings.max_workers

    def worker_pool(self) -> futures.ThreadPoolExecutor:
        """The worker pool for grpc.server(): admitted calls only (refusals and health have their own)."""
        return self.admission.worker_pool(self._max_workers)

    def drain(self, grace_s: float) -> float:
        """Refuse new calls (UNAVAILABLE, SHUTTING_DOWN), end streams, wait for admitted calls; the grace left."""
        return self.admission.drain(grace_s)

    def close(self) -> None:
        """Release the guards' own threads, once the gRPC server has stopped."""
        self.admission.close()


class GuardSettings(Protocol):
    """The settings the guards read (server.settings.Settings has them): passed in, never imported,
    so that transport does not depend on the wiring above it."""

    @property
    def listen(self) -> str: ...

    @property
    def max_workers(self) -> int: ...

    @property
    def max_concurrent_rpcs(self) -> int: ...

    @property
    def max_concurrent_streams(self) -> int: ...

    @property
    def tokens_file(self) -> str: ...

    @property
    def tls_cert(self) -> str: ...

    @property
    def tls_key(self) -> str: ...

    @property
    def tls_client_ca(self) -> str: ...


def guard_interceptors(
    settings: GuardSettings, shutdown: Optional[ShutdownSignal] = None
) -> tuple[AdmissionControl, Authenticator]:
    """Admission control and authentication, configured from settings."""
    tokens = load_tokens(settings.tokens_file) if settings.tokens_file else None
    for warning in startup_warnings(tokens, settings.listen):
        log.warning(warning)
    if tokens is not None:
        log.info("bearer-token authentication: %d token(s) for %d tenant(s)", len(tokens.entries), len(tokens.tenants))
    limit = concurrency_limit(settings.max_workers, settings.max_concurrent_rpcs)
    admission = AdmissionControl(limit, streams=settings.max_concurrent_streams, shutdown=shutdown)
    log.info(
        "admission control: at most %d concurrent calls (%d of them streams) on %d workers",
        limit,
        admission.stream_limit,
        settings.max_workers,
    )
    return admission, Authenticator(tokens)


def bind(server: grpc.Server, settings: GuardSettings) -> int:
    """Add the listening port (TLS or mutual TLS when configured); the bound port, 0 on failure."""
    credentials = server_credentials(settings.tls_cert, settings.tls_key, settings.tls_client_ca)
    if credentials is None:
        return server.add_insecure_port(settings.listen)
    log.info("TLS on%s", " with client certificates required (mutual TLS)" if settings.tls_client_ca else "")
    return server.add_secure_port(settings.listen, credentials)
