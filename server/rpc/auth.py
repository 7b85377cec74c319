"""Authentication: who is calling, and which tenant's data they may touch.

`Authenticator` is a server interceptor. For every call except the health
service it decides the caller's tenant from the credentials alone, never from
the request:

- with a token file (`tokens_file`), the call must carry
  `authorization: Bearer TOKEN` metadata whose token is listed there; its
  tenant is the line's tenant;
- without one, only loopback clients (127.0.0.0/8, ::1, unix sockets) are
  served, all as DEFAULT_TENANT; others are refused.

Refusals are UNAUTHENTICATED with an ErrorInfo reason (MISSING_CREDENTIALS,
INVALID_CREDENTIALS, LOOPBACK_ONLY). The tenant is handed to the servicer
through `current_tenant(context)`, the servicer's `tenant_of` hook, which
fails closed (UNAUTHENTICATED) if no authenticated call is in progress.
Reflection requires authentication like the service itself; health does not,
so load balancers and orchestrators can probe without credentials.
"""

from __future__ import annotations

import contextvars
import functools
import ipaddress
import logging
import urllib.parse
from typing import Optional

import grpc

from evidence_trace.server.domain.errors import Unauthenticated
from evidence_trace.server.domain.model import DEFAULT_TENANT
from evidence_trace.server.rpc.method_handlers import within
from evidence_trace.server.rpc.status import abort, status_for
from evidence_trace.server.rpc.tokens import TokenTable

log = logging.getLogger(__name__)

#: Methods served without authentication (and without admission control).
HEALTH_PREFIX = "/grpc.health.v1.Health/"

_tenant: contextvars.ContextVar[Optional[str]] = contextvars.ContextVar("evidence_trace_tenant", default=None)


def current_tenant(context: grpc.ServicerContext) -> str:
    """The authenticated tenant of the call being served (the servicer's `tenant_of`)."""
    tenant = _tenant.get()
    if tenant is None:
        raise Unauthenticated("MISSING_CREDENTIALS", "the call was not authenticated")
    return tenant


@functools.lru_cache(maxsize=4096)  # a peer string names one connection: checked once, not per call
def is_loopback_peer(peer: str) -> bool:
    """True for a gRPC peer string of a loopback or unix-socket client.

    Peers look like `ipv4:127.0.0.1:5555`, `ipv6:[::1]:5555` (possibly
    percent-encoded: `ipv6:%5B::1%5D:5555`) or `unix:/path`.
    """
    peer = urllib.parse.unquote(peer)
    scheme, _, address = peer.partition(":")
    if scheme in ("unix", "unix-abstract"):
        return True
    if scheme == "ipv4":
        host = address.rpartition(":")[0]
    elif scheme == "ipv6":
        host = address.rpartition(":")[0].strip("[]")
    else:
        return False
    return is_loopback_address(host)


def is_loopback_address(host: str) -> bool:
    """True for a loopback IP address (127.0.0.0/8, ::1, an IPv4-mapped loopback; a zone suffix allowed)."""
    try:
        ip = ipaddress.ip_address(host.strip("[]").split("%")[0])
    except ValueError:
        return False
    mapped = getattr(ip, "ipv4_mapped", None)
    return ip.is_loopback or (mapped is not None and mapped.is_loopback)


def is_loopback_listen(listen: str) -> bool:
    """True when a listen address (HOST:PORT) binds loopback only."""
    host = listen.rpartition(":")[0].strip("[]")
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def bearer_token(authorization: Optional[str]) -> Optional[str]:
    """The token of an `authorization: Bearer TOKEN` value (gRPC metadata or HTTP header), or None."""
    if authorization is None:
        return None
    scheme, _, token = authorization.strip().partition(" ")
    if scheme.lower() == "bearer" and token.strip():
        return token.strip()
    return None


def _authorization(context: grpc.ServicerContext) -> Optional[str]:
    """The call's first `authorization` metadata value that carries a bearer token."""
    for key, value in context.invocation_metadata() or ():
        if key == "authorization" and isinstance(value, str) and bearer_token(value):
            return value
    return None


class Authenticator(grpc.ServerInterceptor):
    """Authenticates every call but health checks; see the module docstring."""

    def __init__(self, tokens: Optional[TokenTable]):
        self._tokens = tokens

    def intercept_service(self, continuation, handler_call_details):
        handler = continuation(handler_call_details)
        if handler is None or handler_call_details.method.startswith(HEALTH_PREFIX):
            return handler
        return within(handler, self._authenticated)

    def authenticate(self, context: grpc.ServicerContext) -> str:
        """The caller's tenant; raises Unauthenticated."""
        if self._tokens is None:
            return self.tenant_for(is_loopback_peer(context.peer()), None)
        return self.tenant_for(False, _authorization(context))

    def tenant_for(self, loopback: bool, authorization: Optional[str]) -> str:
        """The tenant of a client (on this host or not) presenting `authorization`, whatever the transport;
        raises Unauthenticated."""
        if self._tokens is None:
            if loopback:
                return DEFAULT_TENANT
            raise Unauthenticated(
                "LOOPBACK_ONLY", "this server has no tokens configured and serves loopback clients only"
            )
        token = bearer_token(authorization)
        if token is None:
            raise Unauthenticated("MISSING_CREDENTIALS", "send 'authorization: Bearer TOKEN' metadata")
        tenant = self._tokens.tenant_for(token)
        if tenant is None:
            raise Unauthenticated("INVALID_CREDENTIALS", "the bearer token is not valid")
        return tenant

    def _authenticated(self, context: grpc.ServicerContext) -> "_TenantScope":
        return _TenantScope(self, context)


class _TenantScope:
    """One call's scope: authenticates on entry (aborting UNAUTHENTICATED), holds the tenant until exit.

    A plain class rather than a generator-based context manager: it runs on
    every call, and costs a third as much.
    """

    __slots__ = ("_authenticator", "_context", "_marker")

    def __init__(self, authenticator: Authenticator, context: grpc.ServicerContext):
        self._authenticator = authenticator
        self._context = context

    def __enter__(self) -> None:
        try:
            tenant = self._authenticator.authenticate(self._context)
        except Unauthenticated as exc:
            log.info("refused %s: %s", self._context.peer(), exc.reason)
            abort(self._context, status_for(exc))
            raise  # abort() raises; this guards against a context whose abort does not
        self._marker = _tenant.set(tenant)

    def __exit__(self, *exc_info: object) -> None:
        try:
            _tenant.reset(self._marker)
        except ValueError:  # a stream finished on another thread
            pass


def startup_warnings(tokens: Optional[TokenTable], listen: str) -> list[str]:
    """What the operator must know about the server's exposure; logged at start-up."""
    if tokens is not None:
        return []
    warnings = [
        "no tokens configured (EVIDENCE_TRACE_TOKENS_FILE): only loopback clients are served, "
        f"all as tenant {DEFAULT_TENANT!r}"
    ]
    if not is_loopback_listen(listen):
        warnings.append(
            f"listening on {listen} without tokens: every non-loopback client will be refused "
            "(UNAUTHENTICATED, LOOPBACK_ONLY); configure a token file to serve them"
        )
    return warnings
